/**
 * Just enough of a DOM element for the embed's loader and checkout script, which the tests run in a bare VM:
 * attributes, inline style, children and textContent, plus the fields the scripts set on a <script>.
 */
export type FakeElement = {
  /** The name document.createElement was given. */
  tag: string;
  attributes: Record<string, string>;
  style: { cssText: string };
  children: FakeElement[];
  /** The element's own text (textContent's setter replaces the children with it). */
  text: string;
  textContent: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  appendChild(child: FakeElement): FakeElement;
  src?: string;
  async?: boolean;
  nonce?: string;
  onload?: () => void;
  onerror?: () => void;
  popkit?: unknown;
};

/** A new element; serves as the page's document.createElement. */
export function fakeElement(tag = "div"): FakeElement {
  const element: FakeElement = {
    tag,
    attributes: {},
    style: { cssText: "" },
    children: [],
    text: "",
    get textContent(): string {
      return element.text + element.children.map((child) => child.textContent).join("");
    },
    set textContent(value: string) {
      element.children = [];
      element.text = value;
    },
    getAttribute: (name) => element.attributes[name] ?? null,
    setAttribute: (name, value) => void (element.attributes[name] = value),
    appendChild: (child) => {
      element.children.push(child);
      return child;
    },
  };
  return element;
}
