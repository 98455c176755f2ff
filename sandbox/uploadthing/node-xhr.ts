/**
 * Just enough XMLHttpRequest, on top of fetch, for uploadthing/client's browser upload path (a PUT of
 * FormData with progress, load, error and abort), so Node tests and scripts run the real client code.
 * Upload progress is reported once, when the body has been sent.
 */
export class NodeXMLHttpRequest {
  status = 0;
  statusText = "";
  response: unknown = null;
  responseType: "" | "json" | "text" = "";
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private readonly headers = new Headers();
  private method = "GET";
  private url = "";
  private controller: AbortController | null = null;

  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
    this.events.addEventListener(type, listener);
  }

  removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
    this.events.removeEventListener(type, listener);
  }

  abort() {
    this.controller?.abort();
  }

  send(body?: BodyInit | null) {
    const controller = new AbortController();
    this.controller = controller;
    void fetch(this.url, { method: this.method, headers: this.headers, body: body ?? null, signal: controller.signal })
      .then(async (res) => {
        const text = await res.text();
        const total = bodySize(body);
        this.upload.dispatchEvent(
          Object.assign(new Event("progress"), { loaded: total, total, lengthComputable: true }),
        );
        this.status = res.status;
        this.statusText = res.statusText;
        this.response = this.responseType === "json" ? parseJson(text) : text;
        this.events.dispatchEvent(new Event("load"));
      })
      .catch(() => this.events.dispatchEvent(new Event(controller.signal.aborted ? "abort" : "error")));
  }
}

/** Makes `new XMLHttpRequest()` available in this Node process (a no-op where one exists). */
export function installNodeXhr() {
  globalThis.XMLHttpRequest ??= NodeXMLHttpRequest as unknown as typeof XMLHttpRequest;
}

function bodySize(body: BodyInit | null | undefined): number {
  if (body instanceof FormData) {
    let size = 0;
    for (const [, value] of body) size += typeof value === "string" ? Buffer.byteLength(value) : value.size;
    return size;
  }
  if (body instanceof Blob) return body.size;
  return typeof body === "string" ? Buffer.byteLength(body) : 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
