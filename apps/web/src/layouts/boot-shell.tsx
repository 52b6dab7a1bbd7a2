import logoMark from '../assets/logo-mark.svg';

// What the server drew of the first page in the app's frame (a trip's title, decision 027),
// read before the app's first render replaces the frame: the frames the app draws while that
// page's code loads keep it, so it stays on screen until the page draws it in the same place.
const drawnTitle =
  typeof document === 'undefined'
    ? null
    : (document.querySelector('#root .boot-title')?.textContent ?? null);
const drawnFor = typeof location === 'undefined' ? null : location.pathname;

/**
 * A trip's title where its page draws it, before the page can: the same markup as the server
 * writes into index.html's frame (`bootTitle` in the server's spa.routes.ts), styled in
 * global.css.
 */
function BootTitle({ title }: { title: string }) {
  return (
    <div className="boot-trip">
      <div className="boot-container">
        <div className="boot-back" />
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
  const title = drawnTitle !== null && location.pathname === drawnFor ? drawnTitle : null;
  return (
    <div className="boot-shell" aria-busy="true">
      <div className="boot-header">
        <div className="boot-brand">
          <img src={logoMark} alt="" width={32} height={32} />
          <span>Jammy</span>
        </div>
      </div>
      <div className="boot-page">{title !== null && <BootTitle title={title} />}</div>
    </div>
  );
}
