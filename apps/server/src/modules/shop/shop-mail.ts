import { fromMinorUnits } from '@jammy/shared/fields-plain';
import { DEFAULT_LANGUAGE, isLanguage, localizePath, type Language } from '@jammy/shared/languages';
import { orderNumber } from '@jammy/shared/shop';
import { isPlaceholderEmail } from '../../auth/auth';
import type { Executor as Db } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { interpolate, mailMessages, renderNotice, type NoticeLine } from '../../mail/templates';
import { pick, textOf } from '../presets/presets.presenter';
import { findPresetsByIds } from '../presets/presets.repository';
import { findAdmins, findBuyer, type MailPerson, type OrderRow } from './shop.repository';

/** What the shop's mails need to know: where travellers reach Jammy, and who its admins are. */
export interface ShopMailDeps {
  db: Db;
  /** PUBLIC_URL, else the local address: mails hold absolute links. */
  baseUrl: URL;
  adminEmails: ReadonlySet<string>;
}

/** What a mail tells of an order (a new one is not written yet when its mails are made). */
type MailOrder = Pick<
  OrderRow,
  | 'id'
  | 'userId'
  | 'lines'
  | 'currency'
  | 'subtotalMinor'
  | 'taxMinor'
  | 'totalMinor'
  | 'taxRateBasisPoints'
  | 'taxInclusive'
  | 'paymentMode'
>;

function languageOf(person: MailPerson): Language {
  return isLanguage(person.language) ? person.language : DEFAULT_LANGUAGE;
}

/** A phone traveller's placeholder address receives nothing. */
function reachable(person: MailPerson | undefined): person is MailPerson {
  return person !== undefined && !isPlaceholderEmail(person.email);
}

function money(minor: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(
    fromMinorUnits(minor, currency),
  );
}

function link(baseUrl: URL, path: string, language: Language, suffix = ''): string {
  return new URL(`${localizePath(path, language)}${suffix}`, baseUrl).toString();
}

/** The order's lines and totals, with its tax as it was computed when ordered. */
function orderLines(order: MailOrder, language: Language): NoticeLine[] {
  const words = mailMessages(language).order;
  const amount = (minor: number) => money(minor, order.currency, language);
  const rate = new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(order.taxRateBasisPoints / 10_000);
  const taxed = order.taxMinor > 0;
  return [
    ...order.lines.map((line) => ({ label: line.title, value: amount(line.priceMinor) })),
    ...(taxed && !order.taxInclusive
      ? [
          { label: words.subtotal, value: amount(order.subtotalMinor) },
          { label: interpolate(words.tax, { rate }, language), value: amount(order.taxMinor) },
        ]
      : []),
    { label: words.total, value: amount(order.totalMinor), strong: true },
    ...(taxed && order.taxInclusive
      ? [
          {
            label: interpolate(words.taxIncluded, { rate }, language),
            value: amount(order.taxMinor),
          },
        ]
      : []),
  ];
}

/**
 * The mails of a new order: to its buyer (what they ordered, the amount, how it is paid) and
 * to every admin (who ordered what, and what to do: send the invoice, or nothing with Stripe).
 */
export async function newOrderMails(deps: ShopMailDeps, order: MailOrder): Promise<MailMessage[]> {
  const [buyer, admins] = await Promise.all([
    findBuyer(deps.db, order.userId),
    findAdmins(deps.db, deps.adminEmails),
  ]);
  const number = orderNumber(order.id);
  const mails: MailMessage[] = [];
  if (reachable(buyer)) {
    const language = languageOf(buyer);
    const words = mailMessages(language);
    const total = money(order.totalMinor, order.currency, language);
    mails.push({
      to: buyer.email,
      ...renderNotice({
        language,
        name: buyer.name,
        subject: interpolate(words.orderReceived.subject, { number }, language),
        intro: [interpolate(words.orderReceived.intro, { number }, language)],
        lines: orderLines(order, language),
        outro: [
          interpolate(
            order.paymentMode === 'stripe'
              ? words.orderReceived.stripe
              : words.orderReceived.invoice,
            { total },
            language,
          ),
        ],
        action: {
          label: words.order.toOrders,
          url: link(deps.baseUrl, '/account', language, '#orders'),
        },
      }),
    });
  }
  const buyerEmail = buyer?.email ?? '';
  for (const admin of admins.filter(reachable)) {
    const language = languageOf(admin);
    const words = mailMessages(language);
    const values = {
      number,
      buyer: buyerEmail,
      total: money(order.totalMinor, order.currency, language),
    };
    mails.push({
      to: admin.email,
      ...(buyerEmail ? { replyTo: buyerEmail } : {}),
      ...renderNotice({
        language,
        name: admin.name,
        subject: interpolate(words.newOrder.subject, values, language),
        intro: [interpolate(words.newOrder.intro, values, language)],
        lines: orderLines(order, language),
        outro: [
          interpolate(
            order.paymentMode === 'stripe' ? words.newOrder.stripe : words.newOrder.invoice,
            values,
            language,
          ),
        ],
        action: {
          label: words.order.toShopAdmin,
          url: link(deps.baseUrl, '/account', language, '#shop'),
        },
      }),
    });
  }
  return mails;
}

/** What every mail to an order's buyer says with: their language, the order's number and total. */
async function buyerNotice(deps: ShopMailDeps, order: MailOrder) {
  const buyer = await findBuyer(deps.db, order.userId);
  if (!reachable(buyer)) return null;
  const language = languageOf(buyer);
  return {
    buyer,
    language,
    words: mailMessages(language),
    number: orderNumber(order.id),
    total: money(order.totalMinor, order.currency, language),
  };
}

/** The mail of a payment: the itineraries the buyer may now read whole and copy, each linked. */
export async function paidMails(deps: ShopMailDeps, order: MailOrder): Promise<MailMessage[]> {
  const notice = await buyerNotice(deps, order);
  if (!notice) return [];
  const { buyer, language, words, number, total } = notice;
  const ids = [...new Set(order.lines.flatMap((line) => line.presetIds))];
  const found = new Map(
    (await findPresetsByIds(deps.db, ids)).map((row) => [row.preset.id, row.preset]),
  );
  // A preset removed since the order was placed has nothing left to copy.
  const links = ids.flatMap((id) => {
    const preset = found.get(id);
    if (!preset) return [];
    const text = pick(textOf(preset), language, preset.defaultLanguage).value;
    return [
      {
        label: text?.title ?? id,
        url: link(deps.baseUrl, `/jammy-itineraries/${id}`, language, '?copy=1'),
      },
    ];
  });
  return [
    {
      to: buyer.email,
      ...renderNotice({
        language,
        name: buyer.name,
        subject: interpolate(words.orderPaid.subject, { number }, language),
        intro: [interpolate(words.orderPaid.intro, { number, total }, language)],
        links,
        outro: [words.orderPaid.howTo],
        action: {
          label: words.order.toOrders,
          url: link(deps.baseUrl, '/account', language, '#orders'),
        },
      }),
    },
  ];
}

/** The mail of a refund: the amount, and that the itineraries are no longer the buyer's to copy. */
export async function refundMails(deps: ShopMailDeps, order: MailOrder): Promise<MailMessage[]> {
  const notice = await buyerNotice(deps, order);
  if (!notice) return [];
  const { buyer, language, words, number, total } = notice;
  return [
    {
      to: buyer.email,
      ...renderNotice({
        language,
        name: buyer.name,
        subject: interpolate(words.orderRefunded.subject, { number }, language),
        intro: [interpolate(words.orderRefunded.intro, { number, total }, language)],
        outro: [
          ...(order.paymentMode === 'stripe' ? [words.orderRefunded.stripe] : []),
          words.orderRefunded.access,
        ],
        action: {
          label: words.order.toOrders,
          url: link(deps.baseUrl, '/account', language, '#orders'),
        },
      }),
    },
  ];
}
