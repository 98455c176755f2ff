import path from "node:path";
import { Font } from "@react-pdf/renderer";

// The font of every PDF we draw (invoices, dispute evidence). Names and addresses come in every script a buyer
// writes: PDF's built-in Helvetica has only Latin-1 (no "Ł", no Cyrillic or Greek), so our PDFs embed Noto Sans
// (Latin, Greek, Cyrillic and Vietnamese), shipped as an npm package and read from node_modules; react-pdf embeds
// only the glyphs used. Imported for its effect: the "Noto Sans" family is registered once per process.

const notoSans = (weight: "400Regular" | "700Bold") =>
  path.join(process.cwd(), "node_modules/@expo-google-fonts/noto-sans", weight, `NotoSans_${weight}.ttf`);
Font.register({
  family: "Noto Sans",
  fonts: [{ src: notoSans("400Regular") }, { src: notoSans("700Bold"), fontWeight: 700 }],
});
// Names, e-mail addresses and tax ids must never be split with a hyphen.
Font.registerHyphenationCallback((word) => [word]);
