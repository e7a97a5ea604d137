/*
 * The images module's front door: taking in an image within its CPU budget, storing and serving it, and stopping
 * the decoders at shutdown. Nothing else of the module is imported from outside it (the quickbuy/server-modules
 * lint rule).
 */

export { createImageBudgets } from './budgets';
export type { ImageBudget, ImageBudgets } from './budgets';
export { stopImageJobs } from './image-jobs';
export { registerImageRoutes } from './routes';
export {
  IMAGE_NOT_FOUND,
  IMAGE_REFUSALS,
  INVALID_IMAGE,
  deleteImage,
  getImageVariant,
  imageFiles,
  insertImage,
  missingImages,
  normaliseFormPhotos,
  normaliseImage,
  storeImage,
} from './stored-images';
