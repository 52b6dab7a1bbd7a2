export { AttachmentList } from './components/attachment-list';
export { CoverEditor } from './components/cover-editor';
export { PhotoGallery } from './components/photo-gallery';
export { StorageMeter } from './components/storage-meter';
