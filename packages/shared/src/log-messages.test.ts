import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import {
  LOG_MESSAGES,
  logMessageKeysContaining,
  renderLogMessage,
  type LogMessageKey,
} from './log-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('log messages', () => {
  it('names the same parameters in every language', () => {
    for (const [key, texts] of Object.entries(LOG_MESSAGES)) {
      for (const lang of LANGUAGES)
        expect(placeholders(texts[lang]), `${key} ${lang}`).toEqual(placeholders(texts.en));
    }
  });

  it('inserts parameters as given, without reading placeholders inside them', () => {
    const message = { key: 'meeting.created' as LogMessageKey, params: { id: 7, name: '{id} {name} $& $1' } };
    expect(renderLogMessage(message, 'en')).toBe('Created meeting #7 ({id} {name} $& $1)');
    expect(renderLogMessage(message, 'zh-tw')).toBe('新增會議 #7（{id} {name} $& $1）');
  });

  it('joins a list of messages in the reader’s language, and reads an empty list as nothing', () => {
    const changes = [
      { key: 'change.email' as const },
      { key: 'change.role' as const, params: { from: 'a', to: 'b' } },
    ];
    expect(renderLogMessage({ key: 'profile.updated', params: { changes } }, 'en')).toBe(
      'Updated own profile: email changed; role a → b',
    );
    expect(renderLogMessage({ key: 'profile.updated', params: { changes } }, 'zh-cn')).toBe(
      '修改了个人资料：邮箱已变更；角色 a → b',
    );
    expect(renderLogMessage({ key: 'system_log.exported', params: { rows: 3, interrupted: [] } }, 'en')).toBe(
      'Exported 3 system log entries',
    );
  });

  it('finds keys by their wording in one language, not by their parameter names', () => {
    expect(logMessageKeysContaining('頂層組織', 'zh-tw')).toEqual(['organization.created_top']);
    expect(logMessageKeysContaining('meeting_name', 'en')).toEqual([]);
  });
});
