import { INBOX_SHARE } from '@jammy/shared/inbox-share';
import { localizePath, textDirection, type Language } from '@jammy/shared/languages';
import { LOCALE_MESSAGES } from '@jammy/shared/locale-messages';
import { manifestStartUrl } from '@jammy/shared/web-manifest';

interface Screenshot {
  form_factor?: string;
  label?: string;
}

/**
 * The build's manifest (icons, colours, screenshots) in `language`: translated name,
 * description and screenshot labels, the language's start URL, its share target (the inbox in
 * that language), and its direction. The `id` stays the same, so the app installed from any
 * language is one app.
 */
export function localizedManifest(
  base: Record<string, unknown>,
  language: Language,
): Record<string, unknown> {
  const texts = LOCALE_MESSAGES[language].manifest;
  const screenshots = Array.isArray(base.screenshots) ? (base.screenshots as Screenshot[]) : [];
  return {
    ...base,
    name: texts.name,
    description: texts.description,
    lang: language,
    dir: textDirection(language),
    start_url: manifestStartUrl(language),
    ...(isRecord(base.share_target)
      ? {
          share_target: {
            ...base.share_target,
            action: localizePath(INBOX_SHARE.path, language),
          },
        }
      : {}),
    screenshots: screenshots.map((shot) => ({
      ...shot,
      label: shot.form_factor === 'wide' ? texts.wide : texts.narrow,
    })),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
