import { describe, expect, it } from 'vitest';
import { scheduleBody, userTypeBody } from '@meetflow/shared/schemas/dictionary';
import { zodRule } from './zod-rule.ts';

describe('zodRule', () => {
  it("shows the shared schema's message for an empty or wrong value", async () => {
    const limit = zodRule(scheduleBody.shape.signup_limit, 'en');
    await expect(limit.validator(null, null)).rejects.toThrow('Please enter signup limit count');
    await expect(limit.validator(null, undefined)).rejects.toThrow('Please enter signup limit count');
    await expect(limit.validator(null, -1)).rejects.toThrow('Must be at least 0');
    await expect(limit.validator(null, 0)).resolves.toBeUndefined();

    const name = zodRule(scheduleBody.shape.name, 'zh-tw');
    await expect(name.validator(null, '   ')).rejects.toThrow('請輸入日程名稱');
    await expect(name.validator(null, '開幕')).resolves.toBeUndefined();

    const sessions = zodRule(userTypeBody.shape.schedule_ids, 'zh-cn');
    await expect(sessions.validator(null, [])).rejects.toThrow('请勾选日程');
    await expect(sessions.validator(null, [3])).resolves.toBeUndefined();
  });
});
