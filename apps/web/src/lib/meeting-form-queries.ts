import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isAnswerField, type FormField } from '@meetflow/shared/forms/form-definition';
import type { RegistrationForm } from '@meetflow/shared/schemas/forms';
import { http } from './http.ts';

// A meeting's own form as the placeholder pickers read it (mail texts, broadcasts, certificates). The
// key is the form builder's: its save updates what the pickers list.

export const meetingFormKey = (meetingId: number) => ['meetings', meetingId, 'form'] as const;

const NONE: readonly FormField[] = [];

/**
 * The fields of the meeting's form that take an answer and are still asked (a retired field's
 * answers still fill a placeholder already written, but it is not offered any more). Empty while
 * loading, and when the form cannot be read: the pickers then offer the built-in placeholders only.
 */
export function useAnswerFields(meetingId: number | undefined, enabled = true): readonly FormField[] {
  const query = useQuery({
    queryKey: meetingFormKey(meetingId ?? 0),
    // Silent: without the form the pickers simply offer fewer buttons.
    queryFn: () => http.get<RegistrationForm>(`/meetings/${meetingId}/form`, { silent: true }),
    enabled: enabled && meetingId !== undefined,
  });
  return useMemo(
    () => query.data?.fields.filter((f) => isAnswerField(f) && !f.retired) ?? NONE,
    [query.data],
  );
}
