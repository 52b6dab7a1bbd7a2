export { ImportTripButton } from './components/import-trip-button';
export { UndoImportAction } from './components/undo-import-action';
