// The frame every Popkit e-mail shares: the store's (or Popkit's) name and logo on top, a footer that says why
// the mail came. Inline styles only: mail clients ignore style sheets.
import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { websiteLabel } from "~/lib/store-brand";

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function EmailLayout(props: {
  preview: string;
  brand: string;
  logoUrl?: string | null;
  /** Buyer mail: how to reach the store, under the content. */
  contact?: { supportEmail: string; websiteUrl: string | null };
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#f4f4f5", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: 8, padding: 32, maxWidth: 560 }}>
          {props.logoUrl ? (
            <Img src={props.logoUrl} alt={props.brand} height={40} style={{ marginBottom: 16 }} />
          ) : (
            <Text style={{ fontSize: 18, fontWeight: 700, margin: "0 0 16px" }}>{props.brand}</Text>
          )}
          {props.children}
          {props.contact && <StoreContact brand={props.brand} {...props.contact} />}
          <Hr style={{ borderColor: "#e4e4e7", margin: "24px 0 12px" }} />
          <Text style={{ color: "#71717a", fontSize: 12, margin: 0 }}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: "22px", color: "#18181b", margin: "0 0 12px" }}>{children}</Text>;
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <Button
        href={href}
        style={{
          backgroundColor: "#1d4ed8",
          color: "#ffffff",
          borderRadius: 6,
          padding: "12px 20px",
          fontSize: 15,
          fontWeight: 600,
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A link inside a sentence, for a second action beside the mail's button. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: "#1d4ed8", textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

/** Label/value rows (amount, purchase id...), as a table so every client lines them up. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <table role="presentation" style={{ width: "100%", borderCollapse: "collapse", margin: "8px 0 16px" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            {/* The colon keeps the plain-text part readable: html-to-text runs table cells together. */}
            <td style={{ color: "#71717a", fontSize: 14, padding: "4px 0", width: "40%" }}>{label}:</td>
            <td style={{ color: "#18181b", fontSize: 14, padding: "4px 0", fontWeight: 600 }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const linkStyle = { color: "#1d4ed8", textDecoration: "underline" };

/**
 * "Demo Store · help@store.example · store.example": the seller's name, e-mail and website (only http(s) ones reach
 * here, see storeBrand), as links.
 */
function StoreContact({
  brand,
  supportEmail,
  websiteUrl,
}: {
  brand: string;
  supportEmail: string;
  websiteUrl: string | null;
}) {
  return (
    <Text style={{ color: "#52525b", fontSize: 13, lineHeight: "20px", margin: "16px 0 0" }}>
      Sold by {brand} ·{" "}
      <Link href={`mailto:${supportEmail}`} style={linkStyle}>
        {supportEmail}
      </Link>
      {websiteUrl && (
        <>
          {" · "}
          <Link href={websiteUrl} style={linkStyle}>
            {websiteLabel(websiteUrl)}
          </Link>
        </>
      )}
    </Text>
  );
}
