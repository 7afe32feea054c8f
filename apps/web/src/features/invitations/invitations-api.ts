import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@meetflow/shared/schemas/dictionary';
import type {
  Invitation,
  InvitationBody,
  InviteeSeats,
  InviteeSeatsBody,
  PersonalInvitationsBody,
  PersonalInvitationsResult,
} from '@meetflow/shared/schemas/invitations';
import { http } from '../../lib/http.ts';

/*
 * The invitations page's requests. Reads are silent: each part shows its own failed load with a
 * retry. Saves of forms are silent too: the forms place field messages under their fields.
 */

const meetingKey = (meetingId: number) => ['invitations', meetingId] as const;
const seatsKey = (meetingId: number) => [...meetingKey(meetingId), 'seats'] as const;
const listKey = (meetingId: number) => [...meetingKey(meetingId), 'list'] as const;

export function useInviteeSeats(meetingId: number) {
  return useQuery({
    queryKey: seatsKey(meetingId),
    queryFn: () => http.get<InviteeSeats>(`/meetings/${meetingId}/invitee-seats`, { silent: true }),
  });
}

export function useSetInviteeSeats(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteeSeatsBody) =>
      http.put<InviteeSeats>(`/meetings/${meetingId}/invitee-seats`, body, { silent: true }),
    onSuccess: (figures) => queryClient.setQueryData(seatsKey(meetingId), figures),
  });
}

export function useInvitations(meetingId: number) {
  return useQuery({
    queryKey: listKey(meetingId),
    queryFn: () => http.get<Invitation[]>(`/meetings/${meetingId}/invitations`, { silent: true }),
  });
}

/** The meeting's registration types, for the code's type (empty when they cannot be read). */
export function useUserTypes(meetingId: number) {
  return useQuery({
    queryKey: [...meetingKey(meetingId), 'user-types'],
    queryFn: () => http.get<UserType[]>(`/meetings/${meetingId}/user-types`, { silent: true }),
  });
}

/** Adds (id null) or changes a code (the switch in the table too); deletes one. */
export function useInvitationActions(meetingId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: meetingKey(meetingId) });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, body, silent }: { id: number | null; body: InvitationBody; silent: boolean }) =>
        id === null
          ? http.post<Invitation>(`/meetings/${meetingId}/invitations`, body, { silent })
          : http.put<Invitation>(`/invitations/${id}`, body, { silent }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => http.delete<null>(`/invitations/${id}`),
      onSuccess: refresh,
    }),
  };
}

/** Invites a list: single-use codes and their mails (issue 45). */
export function useInviteList(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalInvitationsBody) =>
      http.post<PersonalInvitationsResult>(`/meetings/${meetingId}/invitations/personal`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meetingKey(meetingId) }),
  });
}

/** A personal invitation's mail again. */
export function useResendInvitation(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<Invitation>(`/invitations/${id}/resend`, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meetingKey(meetingId) }),
  });
}
