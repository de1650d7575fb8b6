/** The uploads module's public face: Photos: uploads, where they are kept (`app.uploads.storage`), who may read them. Other modules import only this file. */
export { uploadsPlugin } from './uploads.plugin';
export type { PhotoGuestResolver, PhotoReadableRule } from './uploads.plugin';
export { createUploadsService } from './uploads.service';
export type { NewUpload, UploadsService } from './uploads.service';
export { localUploadsDir } from './storage';
export type { BlobStorage } from './storage';
export { processAvatar } from './images';
export type { ImageKind } from './images';
export { assertMultipart, readPhotoUpload, unreadableMultipart } from './photo-upload';
export { photoUrls } from './photo-urls';
