import { billingDetailsSchema } from "~/schemas/invoices";
import { correctInvoice } from "~/server/invoices/invoices";
import { portalEndpoint } from "../../../_lib/portal-endpoint";

export const dynamic = "force-dynamic";

/** The buyer adds or corrects their billing details: a new version of the invoice (issued ones never change). */
export const POST = portalEndpoint(billingDetailsSchema, (details, email, { id }: { id: string }) =>
  correctInvoice({ buyerEmail: email }, id, details),
);
