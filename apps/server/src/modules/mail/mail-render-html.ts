import { escapeHtml as esc, fontStack, htmlLang, TEXT_DARK } from './mail-render-format.ts';
import type { MailContent } from './mail-render-content.ts';
import type { SessionLine } from './mail-render-format.ts';

/*
 * The MJML of a guest mail. Every text that comes from a person (names, places, the organiser's
 * subject and body, the code, links) goes through esc(); only this file's own markup is raw.
 * Greys are #595959 or darker, readable (WCAG AA) on both the white card and the grey page.
 */

export const QR_CID = 'qr-code';
const MUTED = '#595959';
const PAGE = '#f0f2f5';
const PANEL = '#f6f8fa';
const URL_PATTERN = /(https?:\/\/[^\s<>"'，。；）」”]+)/;

/** Where a URL in the text ends: trailing punctuation belongs to the sentence. */
function splitTrailing(url: string): [string, string] {
  const match = /[.,;:!?)\]]+$/.exec(url);
  return match ? [url.slice(0, match.index), match[0]] : [url, ''];
}

function link(href: string, text: string, color: string): string {
  return `<a href="${esc(href)}" style="color:${color};text-decoration:underline;word-break:break-all">${esc(text)}</a>`;
}

/** The organiser's plain text as HTML: escaped, line breaks kept, web addresses made links. */
export function textToHtml(text: string, linkColor: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, i) => {
      if (i % 2 === 0) return esc(part);
      const [url, tail] = splitTrailing(part);
      return link(url, url, linkColor) + esc(tail);
    })
    .join('')
    .replace(/\n/g, '<br />');
}

function sessionRows(items: SessionLine[], cancelled: boolean): string {
  const strike = cancelled ? `text-decoration:line-through;color:${MUTED};` : '';
  return items
    .map(
      (s) =>
        `<div style="padding:6px 0;border-top:1px solid #e4e7eb;${strike}">` +
        `<div style="font-weight:600">${esc(s.when)}</div>` +
        (s.name ? `<div>${esc(s.name)}</div>` : '') +
        '</div>',
    )
    .join('');
}

function item(label: string, valueHtml: string): string {
  return (
    `<mj-text padding="0 16px 12px">` +
    `<div style="font-size:13px;color:${MUTED};font-weight:600">${esc(label)}</div>` +
    `<div>${valueHtml}</div></mj-text>`
  );
}

/**
 * Where a guest's own HTML goes: as it is, or, when a meeting's mail is compiled once for all its
 * guests (mail-render-template.ts), a slot that each guest's HTML later fills.
 */
export type GuestHtml = (html: string) => string;

function detailsPanel(c: MailContent, guest: GuestHtml): string {
  const items = c.details.map((d) => item(d.label, esc(d.value)));
  if (c.sessions.length > 0) items.push(item(c.labels.sessions, guest(sessionRows(c.sessions, false))));
  if (c.cancelled.length > 0)
    items.push(item(c.labels.cancelledSessions, guest(sessionRows(c.cancelled, true))));
  return `
    <mj-section background-color="#ffffff" padding="0 24px 8px">
      <mj-column background-color="${PANEL}" border-radius="8px" padding="16px 0 4px">
        ${items.join('\n')}
      </mj-column>
    </mj-section>`;
}

function qrBlock(c: MailContent, guest: GuestHtml): string {
  if (!c.showCode) return '';
  return `
    <mj-section background-color="#ffffff" padding="16px 0 0">
      <mj-column>
        <mj-image src="cid:${QR_CID}" alt="${esc(c.labels.qrAlt)}" width="240px" height="240px" padding="0 24px 8px" />
        <mj-text align="center" padding="0 24px 4px" font-size="13px" color="${MUTED}">${esc(c.labels.guestCode)}</mj-text>
        <mj-text align="center" padding="0 24px 4px" font-size="15px">
          <div style="font-family:Menlo,Consolas,'Courier New',monospace;letter-spacing:0.5px;word-break:break-all">${guest(esc(c.code))}</div>
        </mj-text>
        <mj-text align="center" padding="0 24px 8px" font-size="14px" color="${MUTED}">${esc(c.labels.qrHint)}</mj-text>
      </mj-column>
    </mj-section>`;
}

function footer(c: MailContent, guest: GuestHtml): string {
  const unsubscribe = c.unsubscribeUrl
    ? `<br /><a href="${esc(c.unsubscribeUrl)}" style="color:${MUTED};text-decoration:underline">${esc(c.labels.unsubscribe)}</a>`
    : '';
  return `
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="1.6" color="${MUTED}">${esc(c.labels.footer)}${guest(unsubscribe)}</mj-text>
      </mj-column>
    </mj-section>`;
}

/**
 * The whole mail as MJML: header bar, greeting and body, details, QR code, button, footer. What
 * differs from guest to guest (subject, greeting, body, sessions, code, links) passes through `guest`.
 */
export function mailMjml(c: MailContent, guest: GuestHtml = (html) => html): string {
  const { colors, labels } = c;
  const preview = c.body.replace(/\s+/g, ' ').slice(0, 120);
  return `<mjml lang="${htmlLang(c.lang)}">
  <mj-head>
    <mj-title>${guest(esc(c.subject))}</mj-title>
    <mj-preview>${guest(esc(preview))}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${fontStack(c.lang)}" />
      <mj-text font-size="16px" line-height="1.6" color="${TEXT_DARK}" padding="0 24px 16px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${PAGE}" width="600px">
    <mj-section background-color="${colors.theme}" padding="24px 0 20px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" line-height="1.35" color="${colors.onTheme}" padding="0 24px">${esc(c.meetingName)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text font-weight="600">${guest(esc(c.greeting))}</mj-text>
        <mj-text>${guest(textToHtml(c.body, colors.link))}</mj-text>
      </mj-column>
    </mj-section>
    ${detailsPanel(c, guest)}
    ${qrBlock(c, guest)}
    <mj-section background-color="#ffffff" padding="8px 0 24px">
      <mj-column>
        <mj-button href="${guest(esc(c.link))}" background-color="${colors.theme}" color="${colors.onTheme}" font-size="16px" font-weight="600" border-radius="6px" inner-padding="14px 28px" padding="8px 24px 16px">${esc(c.buttonLabel)}</mj-button>
        <mj-text font-size="13px" line-height="1.5" color="${MUTED}" padding="0 24px">${esc(labels.linkFallback)}<br />${guest(link(c.link, c.link, colors.link))}</mj-text>
      </mj-column>
    </mj-section>
    ${footer(c, guest)}
  </mj-body>
</mjml>`;
}
