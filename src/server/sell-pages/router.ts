import {
  sellPageAnalyticsSchema,
  sellPageIdSchema,
  sellPageSchema,
  setSellPageActiveSchema,
  updateSellPageSchema,
  uploadedFileSchema,
} from "~/schemas/sell-pages";
import { merchantMutation, merchantQuery, merchantResourceProcedures } from "~/server/api/merchant-resource";
import { createTRPCRouter } from "~/server/api/trpc";
import { discardUpload, getSellPage, getUploadedFile } from "~/server/sell-pages/editor";
import { getSellPageAnalytics, listSellPages } from "~/server/sell-pages/figures";
import { createSellPage, deleteSellPage, setSellPageActive, updateSellPage } from "~/server/sell-pages/sell-pages";

/** Digital sell pages. Buyers pay a page's bundles through the same /api/checkout endpoints as payment buttons. */
export const sellPagesRouter = createTRPCRouter({
  ...merchantResourceProcedures(
    { id: sellPageIdSchema, create: sellPageSchema, update: updateSellPageSchema },
    { list: listSellPages, get: getSellPage, create: createSellPage, update: updateSellPage, remove: deleteSellPage },
  ),

  setActive: merchantMutation(setSellPageActiveSchema, setSellPageActive),

  analytics: merchantQuery(sellPageAnalyticsSchema, getSellPageAnalytics),

  /** A just-uploaded file's name and (public files only) address, for the form's preview. */
  uploadedFile: merchantQuery(uploadedFileSchema, (merchantId, input) => getUploadedFile(merchantId, input.fileId)),

  /** Deletes an upload the form replaced or removed before saving it; files in use are kept. */
  discardUpload: merchantMutation(uploadedFileSchema, (merchantId, input) => discardUpload(merchantId, input.fileId)),
});
