export { identifyReceiptFile, NOT_A_RECEIPT } from './file-type.server.ts'
export { isModelFileToken, modelFileToken } from './model-file-tokens.server.ts'
export {
  createModelFile,
  listModelFilesByIds,
  retrieveModelFile,
  summarizeModelFile,
} from './model-files.server.ts'
export {
  createReceipt,
  deleteReceiptOfUser,
  listReceiptsLinkedTo,
  listReceiptsOfUser,
  newReceiptKey,
  RECEIPTS_BUCKET,
  receiptFileName,
  retrieveReceiptForViewer,
} from './receipts.server.ts'
export type {
  CreateModelFileInput,
  ModelFileDto,
  ModelFileSummaryDto,
  ModelFormat,
  NewReceipt,
  ReceiptDto,
  ReceiptFileDto,
  ReceiptFileType,
} from './types.ts'
export {
  detectModelFormat,
  modelFileName,
  modelFormatContentTypes,
  modelFormatExtensions,
} from './utils/model-format.ts'
