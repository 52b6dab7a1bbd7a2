import type { Member, MemberRole } from '@jammy/shared/sharing';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCrown, IconDots, IconDoorExit, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useChangeRole, useRemoveMember, useTransferOwnership } from '../api/members';
import { ConfirmAction } from './confirm-action';
import { ProblemAlert } from '../../../components/form/problem-alert';

type Pending = { kind: 'remove' | 'leave' | 'transfer'; member: Member } | null;

function MemberRow({
  member,
  isMe,
  isOwner,
  onAsk,
  onRole,
}: {
  member: Member;
  isMe: boolean;
  /** The caller owns the itinerary (may change roles, remove, transfer). */
  isOwner: boolean;
  onAsk: (pending: Pending) => void;
  onRole: (role: 'editor' | 'viewer') => void;
}) {
  const { t } = useTranslation('sharing');
  const name = member.name.trim() || member.email;
  const manageable = isOwner && member.role !== 'owner';
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py="xs">
      {/* On a phone the controls move under the name rather than squeezing it. */}
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 14rem' }}>
        <Avatar name={name} color="jam" variant="filled" radius="xl" alt="" />
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm" truncate="end">
            <bdi>{name}</bdi>
            {isMe ? ` ${t('members.you')}` : ''}
          </Text>
          <Text size="xs" c="gray.8" truncate="end">
            <bdi>{member.email}</bdi>
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap" ms="auto" style={{ flexShrink: 0 }}>
        {manageable ? (
          <Select
            aria-label={t('members.roleOf', { name })}
            size="xs"
            w={120}
            allowDeselect={false}
            value={member.role}
            data={[
              { value: 'editor', label: t('roles.editor') },
              { value: 'viewer', label: t('roles.viewer') },
            ]}
            onChange={(value) => {
              if (value === 'editor' || value === 'viewer') onRole(value);
            }}
          />
        ) : (
          <Badge
            variant={member.role === 'owner' ? 'filled' : 'light'}
            color={member.role === 'owner' ? 'jam' : 'ink'}
          >
            {t(`roles.${member.role}`)}
          </Badge>
        )}
        {manageable && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="subtle"
                color="gray.8"
                size="compact-md"
                aria-label={t('members.actionsFor', { name })}
              >
                <IconDots size={18} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {member.role === 'editor' && (
                <Menu.Item
                  leftSection={<IconCrown size={16} aria-hidden />}
                  onClick={() => onAsk({ kind: 'transfer', member })}
                >
                  {t('members.transfer')}
                </Menu.Item>
              )}
              <Menu.Item
                color="red.8"
                leftSection={<IconUserMinus size={16} aria-hidden />}
                onClick={() => onAsk({ kind: 'remove', member })}
              >
                {t('members.remove')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {isMe && member.role !== 'owner' && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDoorExit size={16} aria-hidden />}
            onClick={() => onAsk({ kind: 'leave', member })}
          >
            {t('members.leave')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Who is on the trip and with which role; the owner manages them, anyone else may leave. */
export function MembersSection({
  itineraryId,
  members,
  myId,
  myRole,
}: {
  itineraryId: string;
  members: Member[];
  myId: string | undefined;
  myRole: MemberRole;
}) {
  const { t } = useTranslation('sharing');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const changeRole = useChangeRole(itineraryId);
  const remove = useRemoveMember(itineraryId);
  const transfer = useTransferOwnership(itineraryId);
  const [pending, setPending] = useState<Pending>(null);
  // The dialog keeps its words while it closes.
  const [asking, setAsking] = useState(false);
  const isOwner = myRole === 'owner';
  const failure = changeRole.error ?? remove.error ?? transfer.error;

  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    try {
      if (kind === 'transfer') await transfer.mutateAsync(member.userId);
      else await remove.mutateAsync(member);
      setAsking(false);
      if (kind === 'leave') void navigate(to('/itineraries'));
    } catch {
      setAsking(false);
    }
  };
  const name = pending ? pending.member.name.trim() || pending.member.email : '';

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="members-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="members-title">
          {t('members.title')}
        </Title>
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="members-title"
        >
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isMe={member.userId === myId}
              isOwner={isOwner}
              onAsk={(next) => {
                setPending(next);
                setAsking(true);
              }}
              onRole={(role) => changeRole.mutate({ member, role })}
            />
          ))}
        </Stack>
        {isOwner && members.length > 1 && (
          <Text size="xs" c="gray.8">
            {t('members.ownerHint')}
          </Text>
        )}
        {failure && <ProblemAlert error={failure} />}
      </Stack>
      <ConfirmAction
        opened={asking}
        title={pending ? t(`confirm.${pending.kind}.title`, { name }) : ''}
        message={pending ? t(`confirm.${pending.kind}.text`, { name }) : ''}
        confirm={pending ? t(`confirm.${pending.kind}.confirm`) : ''}
        pending={remove.isPending || transfer.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Paper>
  );
}
