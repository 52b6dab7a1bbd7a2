import logoMark from '../assets/logo-mark.svg';

type TitledPage = 'trip' | 'list';

// What the server drew of the first page in the app's frame (its title, decision 027), read
// before the app's first render replaces the frame: the frames the app draws while that
// page's code loads keep it, so it stays on screen until the page draws it in the same place.
function readDrawn(): { title: string; page: TitledPage; path: string } | null {
  if (typeof document === 'undefined') return null;
  const frame = document.querySelector('#root .boot-page > div');
  const title = frame?.querySelector('.boot-title')?.textContent;
  const page = frame?.className === 'boot-trip' ? 'trip' : 'list';
  return title == null ? null : { title, page, path: location.pathname };
}
const drawn = readDrawn();

/**
 * A page's title where the page draws it, before the page can: the same markup as the server
 * writes into index.html's frame (`bootTitle` in the server's spa.routes.ts), styled in
 * global.css. A trip's page has the line of its link back to the list above it.
 */
function BootTitle({ title, page }: { title: string; page: TitledPage }) {
  return (
    <div className={`boot-${page}`}>
      <div className="boot-container">
        {page === 'trip' && <div className="boot-back" />}
        <h1 className="boot-title">
          <bdi>{title}</bdi>
        </h1>
      </div>
    </div>
  );
}

/**
 * What the page shows while the app starts: the header's bar with the Jammy mark, the same
 * markup as index.html draws before any script has run (its styles are in global.css, which
 * needs no theme). The first paint is the app's frame instead of a white page, and the app
 * replaces it without a jump: the real header has the same height and colours.
 */
export function BootShell() {
  const shown = drawn !== null && location.pathname === drawn.path ? drawn : null;
  return (
    <div className="boot-shell" aria-busy="true">
      <div className="boot-header">
        <div className="boot-brand">
          <img src={logoMark} alt="" width={32} height={32} />
          <span>Jammy</span>
        </div>
      </div>
      <div className="boot-page">
        {shown !== null && <BootTitle title={shown.title} page={shown.page} />}
      </div>
    </div>
  );
}
