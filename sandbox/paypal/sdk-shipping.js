// The buyer window's shipping section (sdk-client.js, which sdk-script.ts serves in the same wrapper): for an
// order whose address the buyer picks in PayPal's window, the test address book and the merchant's shipping
// options. Each pick goes to the sandbox, which calls the merchant's order-update callback as PayPal does; a
// refusal shows PayPal's message and keeps Approve disabled until the buyer picks something else.

/**
 * @typedef {{ lines: string[], address: string, option?: string, options: Record<string, any>[], message?: string }}
 *   ShippingView
 * @typedef {(picks: { address?: string, option?: string }) => Promise<ShippingView>} ShippingPick
 * @typedef {(tag: string, attrs?: Record<string, string>, style?: Record<string, string>, children?: (Node | string)[])
 *   => HTMLElement} ElementFactory
 */

/** What PayPal's window says when it cannot reach the sandbox to update the address. */
const SHIPPING_UPDATE_FAILED = "Unable to update address. Please try again.";

/**
 * @param {{ id: string, h: ElementFactory, selectStyle: Record<string, string>, addresses: { id: string, label: string }[], view: ShippingView,
 *   pick: ShippingPick, onView: (view: ShippingView, busy: boolean) => void }} opts
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by sdk-client.js, in the same wrapper
function sandboxShippingPanel(opts) {
  const { id, h, selectStyle } = opts;
  const labelStyle = { display: "block", margin: "12px 0 6px", fontWeight: "600" };

  /** @param {string} selectId @param {{ value: string, label: string }[]} choices @param {string | undefined} value */
  function select(selectId, choices, value) {
    const node = /** @type {HTMLSelectElement} */ (
      h(
        "select",
        { id: selectId },
        selectStyle,
        choices.map((choice) => h("option", { value: choice.value }, {}, [choice.label])),
      )
    );
    if (value) node.value = value;
    return node;
  }

  /** @param {Record<string, any>} option */
  function optionLabel(option) {
    if (!option.amount) return option.label;
    const price = new Intl.NumberFormat("en-US", { style: "currency", currency: option.amount.currency_code }).format(
      Number(option.amount.value),
    );
    return `${option.label} — ${price}`;
  }

  const addressSelect = select(
    `${id}-address`,
    opts.addresses.map((a) => ({ value: a.id, label: a.label })),
    opts.view.address,
  );
  const optionBox = h("div");
  const alert = h("p", { role: "alert", hidden: "" }, { margin: "10px 0 0", color: "#b42318", fontWeight: "600" });
  let view = opts.view;
  /** @type {HTMLSelectElement | undefined} */
  let optionSelect;
  let optionsShown = "";

  /** The options select is rebuilt only when the merchant's options change, so a pick keeps its place. */
  function showOptions() {
    const key = JSON.stringify(view.options.map((o) => [o.id, optionLabel(o)]));
    if (key === optionsShown) {
      if (optionSelect && view.option) optionSelect.value = view.option;
      return;
    }
    optionsShown = key;
    const options = view.options.map((o) => ({ value: o.id, label: optionLabel(o) }));
    optionSelect = options.length > 0 ? select(`${id}-option`, options, view.option) : undefined;
    const current = optionSelect;
    current?.addEventListener("change", () => void change({ address: addressSelect.value, option: current.value }));
    optionBox.replaceChildren(
      ...(current ? [h("label", { for: `${id}-option` }, labelStyle, ["Shipping option"]), current] : []),
    );
  }

  /** While the merchant prices a pick, the picks wait: answers then come back in the order asked. */
  function setBusy(/** @type {boolean} */ busy) {
    addressSelect.disabled = busy;
    if (optionSelect) optionSelect.disabled = busy;
    opts.onView(view, busy);
  }

  /** @param {ShippingView} next */
  function show(next) {
    view = next;
    addressSelect.value = next.address;
    showOptions();
    if (next.message) {
      alert.replaceChildren(next.message);
      alert.removeAttribute("hidden");
    } else {
      alert.replaceChildren();
      alert.setAttribute("hidden", "");
    }
    setBusy(false);
  }

  /** @param {{ address?: string, option?: string }} picks */
  async function change(picks) {
    setBusy(true);
    try {
      show(await opts.pick(picks));
    } catch {
      show({ ...view, ...picks, message: SHIPPING_UPDATE_FAILED });
    }
  }

  // A new address is the merchant's to price, with the options it offers there.
  addressSelect.addEventListener("change", () => void change({ address: addressSelect.value }));
  show(view);
  return {
    nodes: [h("label", { for: `${id}-address` }, labelStyle, ["Ship to"]), addressSelect, optionBox, alert],
    /** The address and option to approve with. */
    picks: () => ({ address: addressSelect.value, ...(optionSelect && { option: optionSelect.value }) }),
  };
}
