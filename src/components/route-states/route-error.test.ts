import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RouteError } from "~/components/route-states/route-error";

const render = (error: unknown) => renderToStaticMarkup(createElement(RouteError, { error, retry: () => {} }));

describe("RouteError", () => {
  it("shows a plain sentence and the digest as a reference, never the error's own message", () => {
    const error = Object.assign(new Error('relation "merchants" does not exist'), { digest: "2841977345" });
    const html = render(error);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try again");
    expect(html).toContain("2841977345");
    expect(html).not.toContain("merchants");
  });

  it("leaves the reference out when there is no digest (an error thrown in the browser)", () => {
    const html = render(new Error("Cannot read properties of undefined"));
    expect(html).not.toContain("reference");
    expect(html).not.toContain("Cannot read");
  });
});
