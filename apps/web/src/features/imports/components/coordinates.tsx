/** Latitude, longitude: always left to right, isolated from the sentence around it. */
export function Coordinates({ lat, lng }: { lat: number; lng: number }) {
  return (
    <span dir="ltr" style={{ unicodeBidi: 'isolate', display: 'inline-block' }}>
      {`${lat.toFixed(4)}, ${lng.toFixed(4)}`}
    </span>
  );
}
