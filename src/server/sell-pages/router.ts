import {
  sellPageAnalyticsSchema,
  sellPageIdSchema,
  sellPageSchema,
  setSellPageActiveSchema,
  updateSellPageSchema,
  uploadedFileSchema,
} from "~/schemas/sell-pages";
import { merchantResourceProcedures } from "~/server/api/merchant-resource";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { discardUpload, getSellPage, getUploadedFile } from "~/server/sell-pages/editor";
import { getSellPageAnalytics, listSellPages } from "~/server/sell-pages/figures";
import { createSellPage, deleteSellPage, setSellPageActive, updateSellPage } from "~/server/sell-pages/sell-pages";

/** Digital sell pages. Buyers pay a page's bundles through the same /api/checkout endpoints as payment buttons. */
export const sellPagesRouter = createTRPCRouter({
  ...merchantResourceProcedures(
    { id: sellPageIdSchema, create: sellPageSchema, update: updateSellPageSchema },
    { list: listSellPages, get: getSellPage, create: createSellPage, update: updateSellPage, remove: deleteSellPage },
  ),

  setActive: merchantProcedure
    .input(setSellPageActiveSchema)
    .mutation(({ ctx, input }) => setSellPageActive(ctx.merchantId, input)),

  analytics: merchantProcedure
    .input(sellPageAnalyticsSchema)
    .query(({ ctx, input }) => getSellPageAnalytics(ctx.merchantId, input)),

  /** A just-uploaded file's name and (public files only) address, for the form's preview. */
  uploadedFile: merchantProcedure
    .input(uploadedFileSchema)
    .query(({ ctx, input }) => getUploadedFile(ctx.merchantId, input.fileId)),

  /** Deletes an upload the form replaced or removed before saving it; files in use are kept. */
  discardUpload: merchantProcedure
    .input(uploadedFileSchema)
    .mutation(({ ctx, input }) => discardUpload(ctx.merchantId, input.fileId)),
});
