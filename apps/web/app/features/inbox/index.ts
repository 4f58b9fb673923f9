/** Issue 27 point 4: the two-way inbox (conversations, keyword auto-replies, forwarding). The feature's only door. */
export { useCampaignRepliers } from "./api/campaign-repliers";
export { AutoReplySettings } from "./components/auto-reply-settings";
export { ConversationView } from "./components/conversation-view";
export { ConversationsList } from "./components/conversations-list";
