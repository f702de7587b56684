/**
 * What other features use of the discussions feature (a group's discussions); the rest is its own
 * (docs/architecture.md, Layers).
 */
export { useDiscussionCategories, useDiscussionWrites, useGroupDiscussionList } from './api';
export { DiscussionCard } from './components/discussion-card';
export { DiscussionDetailView } from './components/discussion-detail-view';
export { DiscussionEditor, type EditedDiscussion } from './components/discussion-editor';
export { discussionRights, groupPaths } from './lib';
