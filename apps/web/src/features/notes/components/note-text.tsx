import { Component, lazy, Suspense, type ReactNode } from 'react';
import classes from './notes.module.css';

// The Markdown renderer is the biggest part of the notes' code: it loads on its own.
const MarkdownView = lazy(async () => ({
  default: (await import('./markdown-view')).MarkdownView,
}));

/** A note's text as written: while its Markdown loads, or when it cannot load (offline). */
function PlainText({ source }: { source: string }) {
  return (
    <div className={classes.plainText} dir="auto" data-plain-text>
      {source}
    </div>
  );
}

/** Shows the plain text instead of an error when the renderer's code cannot be loaded. */
class PlainOnFailure extends Component<
  { source: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PlainText source={this.props.source} /> : this.props.children;
  }
}

/**
 * A note's Markdown, rendered safely (MarkdownView); the text as written until the renderer
 * has loaded, and for good when it cannot be (offline, before it was ever saved): never an
 * error page or a reload.
 */
export function NoteText({ source }: { source: string }) {
  return (
    <PlainOnFailure source={source}>
      <Suspense fallback={<PlainText source={source} />}>
        <MarkdownView source={source} />
      </Suspense>
    </PlainOnFailure>
  );
}
