import logoMark from '../assets/logo-mark.svg';

/**
 * What the page shows while the app starts: the header's bar with the Jammy mark, the same
 * markup as index.html draws before any script has run (its styles are in global.css, which
 * needs no theme). The first paint is the app's frame instead of a white page, and the app
 * replaces it without a jump: the real header has the same height and colours.
 */
export function BootShell() {
  return (
    <div className="boot-shell" aria-busy="true">
      <div className="boot-header">
        <div className="boot-brand">
          <img src={logoMark} alt="" width={32} height={32} />
          <span>Jammy</span>
        </div>
      </div>
    </div>
  );
}
