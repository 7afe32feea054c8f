import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, InputNumber, Skeleton } from 'antd';
import type { InviteeSeats } from '@meetflow/shared/schemas/invitations';
import { ApiError, reportFailure } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useInviteeSeats, useSetInviteeSeats } from '../invitations-api.ts';
import '../i18n.ts';

/** The meeting's seats: reserved for invitees, used, and left to the public; the organiser sets them. */
export function SeatsPanel({ meetingId, canManage }: { meetingId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const query = useInviteeSeats(meetingId);
  const save = useSetInviteeSeats(meetingId);
  const [reserved, setReserved] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const figures = query.data;

  const submit = async () => {
    if (reserved === null) return;
    setRefusal(null);
    try {
      await save.mutateAsync({ reserved });
      setReserved(null);
      toast.success(t('invitations.seats.saved'));
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as Record<string, number> | null) : null;
      if (data && typeof data.most === 'number')
        setRefusal(
          t('invitations.seats.tooMany', {
            most: data.most,
            limit: data.limit,
            registered: data.registered,
            held: data.waitlist_held,
          }),
        );
      else reportFailure(error);
    }
  };

  return (
    <section aria-labelledby="invitee-seats-title" data-testid="invitee-seats">
      <h2 id="invitee-seats-title" className="mf-invitations-heading" style={{ marginBottom: 12 }}>
        {t('invitations.seats.title')}
      </h2>
      {query.isError ? (
        <LoadError
          title={t('invitations.seats.title')}
          reason={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !figures ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <SeatFigures figures={figures} />
          {figures.limit === 0 && (
            <Alert
              type="info"
              showIcon
              title={t('invitations.seats.noLimitHint')}
              style={{ marginTop: 12 }}
            />
          )}
          {canManage && (
            <Flex wrap gap={8} align="center" style={{ marginTop: 12 }}>
              <label htmlFor="invitee-reserved">{t('invitations.seats.input')}</label>
              <InputNumber
                id="invitee-reserved"
                min={0}
                max={1_000_000}
                precision={0}
                value={reserved ?? figures.reserved}
                onChange={(value) => setReserved(value)}
                data-testid="invitee-reserved"
              />
              <Button
                type="primary"
                loading={save.isPending}
                disabled={reserved === null || reserved === figures.reserved}
                onClick={() => void submit()}
                data-testid="invitee-reserved-save"
              >
                {t('invitations.seats.set')}
              </Button>
            </Flex>
          )}
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={refusal}
              style={{ marginTop: 12 }}
              data-testid="seats-refused"
            />
          )}
        </>
      )}
    </section>
  );
}

function SeatFigures({ figures }: { figures: InviteeSeats }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 3 }}
      items={[
        {
          key: 'limit',
          label: t('invitations.seats.limit'),
          children: figures.limit === 0 ? t('invitations.seats.noLimit') : figures.limit,
        },
        { key: 'registered', label: t('invitations.seats.registered'), children: figures.registered },
        {
          key: 'reserved',
          label: t('invitations.seats.reserved'),
          children: <span data-testid="seats-reserved">{figures.reserved}</span>,
        },
        {
          key: 'usedReserved',
          label: t('invitations.seats.usedReserved'),
          children: <span data-testid="seats-used">{figures.used_reserved}</span>,
        },
        { key: 'usedBypass', label: t('invitations.seats.usedBypass'), children: figures.used_bypass },
        {
          key: 'publicFree',
          label: t('invitations.seats.publicFree'),
          children: (
            <span data-testid="seats-public">{figures.public_free ?? t('invitations.seats.noLimit')}</span>
          ),
        },
      ]}
    />
  );
}
