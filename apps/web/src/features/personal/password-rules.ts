import type { FormRule } from 'antd';
import { passwordProblem } from '@meetflow/shared/password-rules';

interface Messages {
  required: string;
  tooWeak: string;
  common: string;
  mismatch: string;
  same: string;
  account: string;
}

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Same rules as the server (changePasswordBody plus the shared strength rules: not the account name,
 * not a common password), checked before sending.
 */
export function passwordRules({ required, tooWeak, common, mismatch, same, account }: Messages) {
  const old: FormRule[] = [{ required: true, message: required }];
  const next: FormRule[] = [
    { required: true, message: required },
    { min: MIN_PASSWORD_LENGTH, message: tooWeak },
    {
      validator: async (_, value?: string) => {
        const problem = value && value.length >= MIN_PASSWORD_LENGTH ? passwordProblem(account, value) : null;
        if (problem) throw new Error(problem === 'passwordCommon' ? common : tooWeak);
      },
    },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) =>
        value && value === getFieldValue('old_password') ? Promise.reject(new Error(same)) : undefined,
    }),
  ];
  const confirm: FormRule[] = [
    { required: true, message: required },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) =>
        !value || value === getFieldValue('new_password') ? undefined : Promise.reject(new Error(mismatch)),
    }),
  ];
  return { old, next, confirm };
}
