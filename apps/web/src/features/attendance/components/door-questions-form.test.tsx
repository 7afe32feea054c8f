import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formFields } from '@meetflow/shared/forms/form-definition';
import { renderInProviders, setUpComponentTests } from '../../../lib/component-test-setup.tsx';

let form: typeof import('./door-questions-form.tsx');

setUpComponentTests({ language: 'en' });
beforeAll(async () => {
  form = await import('./door-questions-form.tsx');
});

const label = (en: string) => ({ 'zh-tw': en, 'zh-cn': en, en });
const questions = formFields.parse([
  {
    key: 'diet',
    type: 'choice',
    label: label('Diet'),
    ask_at_door: true,
    options: [
      { value: 'none', label: label('No needs') },
      { value: 'veg', label: label('Vegetarian') },
    ],
  },
  { key: 'parking', type: 'yes_no', label: label('Parking'), ask_at_door: true },
  {
    key: 'plate',
    type: 'short_text',
    label: label('Car plate'),
    ask_at_door: true,
    required: true,
    show_if: { key: 'parking', values: ['yes'] },
  },
  {
    key: 'topics',
    type: 'multi_choice',
    label: label('Topics'),
    ask_at_door: true,
    options: [{ value: 'onco', label: label('Oncology') }],
  },
  { key: 'card', type: 'file', label: label('Card'), ask_at_door: true },
]);

function renderForm(onSave = vi.fn().mockResolvedValue({ status: 'saved' })) {
  const onSaved = vi.fn();
  const onSkip = vi.fn();
  renderInProviders(
    <form.DoorQuestionsForm
      questions={questions}
      lang="en"
      audience="operator"
      guestName="Chan Tai Man"
      onSave={onSave}
      onSaved={onSaved}
      onSkip={onSkip}
    />,
  );
  return { onSave, onSaved, onSkip };
}

describe('the door questions form', () => {
  it('opens a follow-up, checks it with the engine and saves the shown answers', async () => {
    const { onSave, onSaved } = renderForm();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'No needs' }));
    expect(screen.getByTestId('door-question-card').textContent).toContain('not at the door');
    expect(screen.queryByTestId('door-question-plate')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Vegetarian' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await screen.findByTestId('door-question-plate');
    fireEvent.click(screen.getByTestId('door-questions-save'));
    await screen.findByText('Car plate is required');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('door-question-plate'), { target: { value: ' MX-1 ' } });
    await waitFor(() => expect(screen.queryByText('Car plate is required')).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oncology' }));
    fireEvent.click(screen.getByTestId('door-questions-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('saved'));
    expect(onSave).toHaveBeenCalledWith({ diet: 'veg', parking: true, plate: 'MX-1', topics: ['onco'] });
  });

  it("shows the server's refusal and skips with Esc", async () => {
    const { onSkip, onSaved } = renderForm(
      vi.fn().mockResolvedValue({ status: 'invalid', errors: { diet: 'Diet is not one of the choices' } }),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'No needs' }));
    fireEvent.click(screen.getByTestId('door-questions-save'));
    await screen.findByText('Diet is not one of the choices');
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('radio', { name: 'No needs' }), { key: 'Escape' });
    expect(onSkip).toHaveBeenCalled();
  });
});
