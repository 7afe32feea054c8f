import type { Meeting } from '@meetflow/shared/schemas/meetings';

/** What the registration form builder needs of its meeting (a row of the meeting list). */
export type FormBuilderMeeting = Pick<
  Meeting,
  'id' | 'public_id' | 'meeting_type' | 'name' | 'name_cn' | 'name_en' | 'multi_language'
>;
