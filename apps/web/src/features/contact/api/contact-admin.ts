import type { ContactMessage, ContactReply, ContactStatus } from '@jammy/shared/contact';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface Page {
  items: ContactMessage[];
  nextCursor: string | null;
}

const contactMessagesKey = (status: ContactStatus) =>
  ['admin', 'contact-messages', status] as const;

/** GET /api/admin/contact-messages (admins): one status, newest first, page by page. */
export function useContactMessages(status: ContactStatus) {
  return useInfiniteQuery({
    queryKey: contactMessagesKey(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ status, limit: '20' });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Page>(`/api/admin/contact-messages?${query.toString()}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Puts `message` in the cached lists in place of its older copy. */
function replaceInLists(queryClient: ReturnType<typeof useQueryClient>, message: ContactMessage) {
  queryClient.setQueriesData<InfiniteData<Page>>(
    { queryKey: ['admin', 'contact-messages'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === message.id ? message : item)),
        })),
      },
  );
}

/** POST …/replies: mails the answer and records it. */
export function useAnswerContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, body }: { message: ContactMessage; body: string }) =>
      apiRequest<ContactReply>(`/api/admin/contact-messages/${message.id}/replies`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: (reply, { message }) =>
      replaceInLists(queryClient, { ...message, replies: [...message.replies, reply] }),
  });
}

/** PATCH …: handled, open again or kept aside, from the version that was read. */
export function useSetContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, status }: { message: ContactMessage; status: ContactStatus }) =>
      apiRequest<ContactMessage>(`/api/admin/contact-messages/${message.id}`, {
        method: 'PATCH',
        body: { status, version: message.version },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] }),
  });
}
