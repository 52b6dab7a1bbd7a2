export { notesQuery, useNotes } from './api/notes';
export { tripListsQuery, useTripLists } from './api/trip-lists';
export { NoteText } from './components/note-text';
