/** The photos' public face: what other folders use of profile, work and report photos and their files. */
export { photoBody, uploadDeps } from './uploads.ts';
export { receive, type ReadBody, type UploadDeps } from './service.ts';
export type { Encoded } from './images.ts';
export { addReportPhoto, avatarUrl, deleteAllPhotos, lockUser, photosOf, workPhotos } from './repo.ts';
