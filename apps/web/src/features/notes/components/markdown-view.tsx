import { Anchor, Typography } from '@mantine/core';
import { IconSquare, IconSquareCheck } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useTranslation } from '../../../i18n/react';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import Markdown, { type Components } from 'react-markdown';
import { safeUrl } from '../lib/safe-url';
import classes from './notes.module.css';

function MarkdownLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  const external = href.startsWith('mailto:')
    ? {}
    : { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Anchor href={href} inherit underline="always" {...external}>
      {children}
    </Anchor>
  );
}

// Images from elsewhere are not loaded (privacy, and the page's security policy): a link.
function MarkdownImage({ src, alt }: ComponentProps<'img'>) {
  const { t } = useTranslation('notes');
  const label = alt || t('markdown.image');
  if (typeof src !== 'string' || !src) return <span>{label}</span>;
  return (
    <Anchor href={src} inherit underline="always" target="_blank" rel="noopener noreferrer">
      {label}
    </Anchor>
  );
}

// GitHub task lists: a mark that says its state, not a bare unlabelled checkbox.
function TaskMark({ type, checked }: ComponentProps<'input'>) {
  const { t } = useTranslation('notes');
  if (type !== 'checkbox') return null;
  return (
    <span
      className={classes.taskMark}
      role="img"
      aria-label={checked ? t('markdown.taskDone') : t('markdown.taskOpen')}
    >
      {checked ? <IconSquareCheck size={16} aria-hidden /> : <IconSquare size={16} aria-hidden />}
    </span>
  );
}

// A wide table scrolls on its own, reachable by keyboard.
function MarkdownTable({ children }: ComponentProps<'table'>) {
  const { t } = useTranslation('notes');
  return (
    <div
      className={classes.tableScroll}
      tabIndex={0}
      role="region"
      aria-label={t('markdown.table')}
    >
      <table>{children}</table>
    </div>
  );
}

const COMPONENTS: Components = {
  h1: 'h4',
  h2: 'h5',
  h3: 'h6',
  h4: 'h6',
  h5: 'h6',
  h6: 'h6',
  a: MarkdownLink,
  img: MarkdownImage,
  input: TaskMark,
  table: MarkdownTable,
};

interface ParserData {
  micromarkExtensions?: ReturnType<typeof gfm>[];
  fromMarkdownExtensions?: ReturnType<typeof gfmFromMarkdown>[];
}

/**
 * GitHub's Markdown (tables, task lists, strikethrough, autolinks, footnotes) as remark-gfm
 * parses it, without remark-gfm's Markdown writer: notes are only read here, and the writer
 * (mdast-util-to-markdown) was a third of the renderer's chunk, which the offline precache holds.
 */
function remarkGfmReader(this: { data(): unknown }) {
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

const PLUGINS = [remarkGfmReader];

/**
 * A note's Markdown, shown safely: raw HTML is never interpreted (react-markdown turns it into
 * text; no rehype-raw), only http, https and mailto links are kept, and they open in a new tab
 * without handing the page over. Headings start at h4, below the note's own title.
 */
export function MarkdownView({ source }: { source: string }) {
  return (
    <Typography className={classes.markdown} dir="auto">
      <Markdown remarkPlugins={PLUGINS} urlTransform={safeUrl} components={COMPONENTS}>
        {source}
      </Markdown>
    </Typography>
  );
}
