import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { CheckboxField, Form, FormField, FormMessage, RadioGroupField, SubmitButton } from "~/components/ui/form";
import { Input, Select } from "~/components/ui/input";

// Server rendering is what a buyer's or seller's first paint shows before the page's script runs: the bound fields
// must carry their default values, labels and ids in that HTML.

function render<T extends FieldValues>(defaultValues: DefaultValues<T>, children: ReactNode) {
  function Harness() {
    const form = useForm<T>({ defaultValues });
    return h(Form<T, unknown, T>, { form, onSubmit: () => undefined }, children);
  }
  return renderToStaticMarkup(h(Harness));
}

/** The one <input> tag of `html` that has `attribute`. */
function inputTag(html: string, attribute: string) {
  const tags = html.match(/<input[^>]*>/g)?.filter((tag) => tag.includes(attribute)) ?? [];
  expect(tags).toHaveLength(1);
  return tags[0]!;
}

describe("the bound fields, rendered on the server", () => {
  it("write a text field's default value, its id from the name and a label tied to it", () => {
    const html = render(
      { storeName: "Acme Digital" },
      h(FormField, {
        name: "storeName",
        label: "Store Name",
        required: true,
        hint: "Shown to buyers.",
        children: h(Input),
      }),
    );
    expect(html).toContain('<label for="storeName"');
    const input = inputTag(html, 'id="storeName"');
    expect(input).toContain('name="storeName"');
    expect(input).toContain('value="Acme Digital"');
    expect(input).toContain('aria-describedby="storeName-hint"');
    expect(html).toContain('<p id="storeName-hint"');
    expect(html).not.toContain("aria-invalid");
  });

  it("take another id when given one, and select a select's default option", () => {
    const html = render(
      { environment: "live" },
      h(FormField, {
        name: "environment",
        id: "paypalEnvironment",
        label: "Environment",
        children: h(Select, {
          options: [
            ["sandbox", "Sandbox"],
            ["live", "Live"],
          ],
        }),
      }),
    );
    expect(html).toContain('<label for="paypalEnvironment"');
    expect(html).toMatch(/<option value="live" selected="">Live<\/option>/);
  });

  it("check a checkbox and a radio from their defaults, and tie a checkbox to its hint", () => {
    const html = render({ isActive: true, kind: "fixed" }, [
      h(CheckboxField, { key: "a", name: "isActive", label: "Active", hint: "Can sign in." }),
      h(RadioGroupField, {
        key: "k",
        name: "kind",
        legend: "Discount type",
        options: [
          ["percent", "Percentage"],
          ["fixed", "Fixed amount"],
        ],
      }),
    ]);
    const checkbox = inputTag(html, 'type="checkbox"');
    expect(checkbox).toContain('checked=""');
    expect(checkbox).toContain('aria-describedby="isActive-hint"');
    expect(inputTag(html, 'value="fixed"')).toContain('checked=""');
    expect(inputTag(html, 'value="percent"')).not.toContain("checked");
  });

  it("lay a control out with a function child, and show the submit button idle", () => {
    const html = render({ percentOff: 20 }, [
      h(FormField, {
        key: "p",
        name: "percentOff",
        label: "Percent off",
        children: (control: object) => h("div", { className: "row" }, h(Input, { type: "number", ...control })),
      }),
      h(FormMessage, { key: "m", name: "percentOff" }),
      h(SubmitButton, { key: "s", busyLabel: "Saving..." }, "Save"),
    ]);
    expect(html).toContain('<div class="row"><input');
    expect(inputTag(html, 'id="percentOff"')).toContain('value="20"');
    expect(html).not.toContain('role="alert"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Save<\/button>/);
  });
});
