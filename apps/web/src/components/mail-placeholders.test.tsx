import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { formField } from '@meetflow/shared/forms/form-definition';
import { MailPlaceholders } from './mail-placeholders.tsx';

afterEach(cleanup);

const department = formField.parse({
  key: 'department',
  type: 'short_text',
  label: { 'zh-tw': '部門', 'zh-cn': '部门', en: 'Department' },
});

describe('the placeholder buttons', () => {
  it("offer each of the meeting's own fields as {answer.<key>}, named by its label", () => {
    const onInsert = vi.fn();
    render(
      <MailPlaceholders
        names={['name']}
        answerFields={[department]}
        onInsert={onInsert}
        testIdPrefix="mail"
      />,
    );
    const answer = screen.getByTestId('mail-placeholder-answer.department');
    expect(answer.textContent).toBe('{answer.department}');
    // The page's language is zh-tw (the default): the field's zh-tw label names it.
    expect(answer.getAttribute('aria-label')).toBe('{answer.department} 部門');
    expect(screen.getByTestId('mail-answer-placeholders').getAttribute('role')).toBe('group');
    fireEvent.click(answer);
    expect(onInsert).toHaveBeenCalledWith('answer.department');
  });

  it('show no answer group for a meeting without its own fields', () => {
    render(<MailPlaceholders names={['name']} onInsert={() => undefined} testIdPrefix="mail" />);
    expect(screen.getByTestId('mail-placeholder-name')).toBeTruthy();
    expect(screen.queryByTestId('mail-answer-placeholders')).toBeNull();
  });
});
