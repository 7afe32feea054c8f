import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import type { Invitee } from '@meetflow/shared/schemas/invitations';

/** A registration type as the list may name it (in any of its languages). */
interface NamedType {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
}

export interface ParsedList {
  invitees: Invitee[];
  /** 1-based line numbers the list could not read (no address, an unknown type or language). */
  badLines: number[];
}

/** One line's cells: tab-separated (pasted from a sheet) or comma-separated (CSV, quotes allowed). */
function cells(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === '，') {
      out.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

/**
 * Reads a pasted or uploaded list, one invitee a line: name, e-mail, then optionally the language
 * (zh-tw, zh-cn, en) and the registration type's name. A first line without an address is taken
 * for a heading; blank lines are skipped. The server judges the addresses again.
 */
export function parseInviteeList(text: string, types: readonly NamedType[]): ParsedList {
  const invitees: Invitee[] = [];
  const badLines: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const [name = '', email = '', lang = '', typeName = ''] = cells(line);
    if (!email.includes('@')) {
      if (index > 0 || invitees.length > 0) badLines.push(index + 1);
      return;
    }
    const language = lang ? (LANGUAGES.find((l) => l === lang.toLowerCase()) ?? null) : null;
    const type = typeName
      ? types.find((t) => [t.name, t.name_cn, t.name_en].some((n) => n.trim() === typeName))
      : undefined;
    if ((lang && !language) || (typeName && !type)) {
      badLines.push(index + 1);
      return;
    }
    invitees.push({
      name,
      email,
      language: language as Language | null,
      user_type_id: type?.id ?? null,
    });
  });
  return { invitees, badLines };
}
