/** Which selling tool brought a payment's lines, as the Payments list, its CSV and the payment's items name it. */
export const sellingToolLabels = { bump: "Order bump", upsell: "Upsell", cart: "Store cart" } as const;
