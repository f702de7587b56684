import type {
  AdminGroupListQuery,
  GroupAnnouncementCreateForm,
  GroupAnnouncementUpdateForm,
  GroupDiscussionCreateForm,
  GroupDiscussionListQuery,
  GroupDiscussionUpdateForm,
  GroupForm,
  GroupJoinQuery,
  GroupListQuery,
  GroupMemberListQuery,
  GroupMemberUpdateForm,
  GroupPageQuery,
  GroupRankQuery,
  GroupUpdateForm,
} from '../schemas/groups';
import type { ApiClient } from './client';
import type { DiscussionItem } from './discussion-types';
import type {
  AdminGroup,
  GroupAccess,
  GroupAnnouncement,
  GroupDetail,
  GroupMember,
  GroupVO,
} from './group-types';
import type { OiRankItem } from './rank-types';
import type { Page } from './types';

/**
 * Groups at HOJ's paths: the list, a group, its members and applications, announcements,
 * discussions and rank. A group's discussion is read and commented through the discussion calls.
 */
export function createGroupEndpoints(client: ApiClient) {
  return {
    getGroupList: (query: GroupListQuery) =>
      client.request<Page<GroupVO>>('GET', '/api/get-group-list', { query: { ...query } }),
    getGroupDetail: (gid: number) =>
      client.request<GroupDetail>('GET', '/api/get-group-detail', { query: { gid } }),
    getGroupAccess: (gid: number) =>
      client.request<GroupAccess>('GET', '/api/get-group-access', { query: { gid } }),
    /** the caller's role in the group: 0 none, 1 applied, 2 refused, 3 member, 4 admin, 5 root */
    getGroupAuth: (gid: number) => client.request<number>('GET', '/api/get-group-auth', { query: { gid } }),
    addGroup: (body: GroupForm) => client.request<GroupDetail>('POST', '/api/group', { body }),
    updateGroup: (body: GroupUpdateForm) => client.request<GroupDetail>('PUT', '/api/group', { body }),
    deleteGroup: (gid: number) => client.request<null>('DELETE', '/api/group', { query: { gid } }),

    getGroupMemberList: (query: GroupMemberListQuery) =>
      client.request<Page<GroupMember>>('GET', '/api/group/get-member-list', { query: { ...query } }),
    getGroupApplyList: (query: GroupMemberListQuery) =>
      client.request<Page<GroupMember>>('GET', '/api/group/get-apply-list', { query: { ...query } }),
    /** join a public group, apply to a protected or private one (HOJ: the fields go in the query); the caller's new role */
    addGroupMember: (query: GroupJoinQuery) =>
      client.request<number>('POST', '/api/group/member', { query: { ...query } }),
    updateGroupMember: (body: GroupMemberUpdateForm) =>
      client.request<GroupMember>('PUT', '/api/group/member', { body }),
    deleteGroupMember: (uid: string, gid: number) =>
      client.request<null>('DELETE', '/api/group/member', { query: { uid, gid } }),
    exitGroup: (gid: number) => client.request<null>('DELETE', '/api/group/member/exit', { query: { gid } }),

    getGroupAnnouncementList: (query: GroupPageQuery) =>
      client.request<Page<GroupAnnouncement>>('GET', '/api/group/get-announcement-list', {
        query: { ...query },
      }),
    getGroupAdminAnnouncementList: (query: GroupPageQuery) =>
      client.request<Page<GroupAnnouncement>>('GET', '/api/group/get-admin-announcement-list', {
        query: { ...query },
      }),
    addGroupAnnouncement: (body: GroupAnnouncementCreateForm) =>
      client.request<GroupAnnouncement>('POST', '/api/group/announcement', { body }),
    updateGroupAnnouncement: (body: GroupAnnouncementUpdateForm) =>
      client.request<GroupAnnouncement>('PUT', '/api/group/announcement', { body }),
    deleteGroupAnnouncement: (aid: number) =>
      client.request<null>('DELETE', '/api/group/announcement', { query: { aid } }),

    getGroupDiscussionList: (query: GroupDiscussionListQuery) =>
      client.request<Page<DiscussionItem>>('GET', '/api/group/get-discussion-list', { query: { ...query } }),
    getGroupAdminDiscussionList: (query: GroupPageQuery) =>
      client.request<Page<DiscussionItem>>('GET', '/api/group/get-admin-discussion-list', {
        query: { ...query },
      }),
    addGroupDiscussion: (body: GroupDiscussionCreateForm) =>
      client.request<DiscussionItem>('POST', '/api/group/discussion', { body }),
    updateGroupDiscussion: (body: GroupDiscussionUpdateForm) =>
      client.request<DiscussionItem>('PUT', '/api/group/discussion', { body }),
    deleteGroupDiscussion: (did: number) =>
      client.request<null>('DELETE', '/api/group/discussion', { query: { did } }),

    getGroupRank: (query: GroupRankQuery) =>
      client.request<Page<OiRankItem>>('GET', '/api/get-group-rank-list', { query: { ...query } }),
  };
}

/** The console's group calls (root): every group, ban or unban, delete. */
export function createGroupAdminEndpoints(client: ApiClient) {
  const admin = { urlType: 'admin' } as const;
  return {
    adminGetGroupList: (query: AdminGroupListQuery) =>
      client.request<Page<AdminGroup>>('GET', '/api/admin/group/get-group-list', {
        query: { ...query },
        ...admin,
      }),
    adminChangeGroupStatus: (gid: number, status: number) =>
      client.request<AdminGroup>('PUT', '/api/admin/group/change-group-status', {
        query: { gid, status },
        ...admin,
      }),
    adminDeleteGroup: (gid: number) =>
      client.request<null>('DELETE', '/api/admin/group', { query: { gid }, ...admin }),
  };
}
