export { useCreatePlace, useDeletePlace, useMovePlace, useUpdatePlace } from './api/places';
