// A fake page for the fake PayPal JS SDK: just enough DOM for the sandbox's buyer window to run in node:vm, and
// helpers to find what it renders.
import vm from "node:vm";

/** Just enough DOM for the fake SDK: elements, attributes, children, listeners. */
export class FakeElement {
  attributes = new Map<string, string>();
  style: Record<string, string> = {};
  children: (FakeElement | string)[] = [];
  parent: FakeElement | null = null;
  listeners = new Map<string, ((event: unknown) => void)[]>();
  selected?: string;

  constructor(readonly tagName: string) {}
  setAttribute(key: string, value: string) {
    this.attributes.set(key, String(value));
  }
  getAttribute(key: string) {
    return this.attributes.get(key) ?? null;
  }
  removeAttribute(key: string) {
    this.attributes.delete(key);
  }
  append(...nodes: (FakeElement | string)[]) {
    for (const node of nodes) {
      if (node instanceof FakeElement) node.parent = this;
      this.children.push(node);
    }
  }
  replaceChildren(...nodes: (FakeElement | string)[]) {
    this.children = [];
    this.append(...nodes);
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(type: string, fn: (event: unknown) => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((f) => f !== fn),
    );
  }
  focus() {}
  click() {
    this.dispatch("click");
  }
  /** Runs the element's listeners for `type` (a select's "change" after setting its value). */
  dispatch(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({});
  }
  get isConnected(): boolean {
    return this.tagName === "body" || Boolean(this.parent?.isConnected);
  }
  get textContent(): string {
    return this.children.map((c) => (typeof c === "string" ? c : c.textContent)).join("");
  }
  get value(): string {
    const first = this.children.find((c): c is FakeElement => c instanceof FakeElement && c.tagName === "option");
    return this.selected ?? first?.getAttribute("value") ?? "";
  }
  set value(v: string) {
    this.selected = v;
  }
  all(): FakeElement[] {
    return this.children.flatMap((c) => (c instanceof FakeElement ? [c, ...c.all()] : []));
  }
}

/** Loads the fake SDK from the sandbox at `base` into a fake page with a #paypal-button container. */
export async function loadFakeSdk(base: string, query: string, namespace?: string) {
  const response = await fetch(`${base}/sdk/js?${query}`);
  const source = await response.text();
  const body = new FakeElement("body");
  const container = new FakeElement("div");
  body.append(container);
  const script = new FakeElement("script");
  if (namespace) script.setAttribute("data-namespace", namespace);
  const documentListeners = new FakeElement("document");
  const context: Record<string, unknown> = {
    fetch,
    console,
    document: {
      currentScript: script,
      body,
      createElement: (tag: string) => new FakeElement(tag),
      querySelector: (selector: string) => (selector === "#paypal-button" ? container : null),
      addEventListener: documentListeners.addEventListener.bind(documentListeners),
      removeEventListener: documentListeners.removeEventListener.bind(documentListeners),
    },
  };
  context.window = context;
  if (response.ok) vm.runInNewContext(source, context);
  return { response, context, body, container };
}

export async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("timed out waiting for the fake DOM");
}

export const byText = (root: FakeElement, tag: string, text: string) =>
  root.all().find((el) => el.tagName === tag && el.textContent === text);

/** The control a <label> names, as browser tests find it. */
export function byLabel(root: FakeElement, text: string) {
  const label = byText(root, "label", text);
  const id = label?.getAttribute("for");
  return id ? root.all().find((el) => el.getAttribute("id") === id) : undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the namespace object comes from the evaluated script
export type Namespace = { Buttons: (props: Record<string, unknown>) => any; version: string };
