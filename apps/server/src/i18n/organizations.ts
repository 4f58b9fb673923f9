import { ORGANIZATION_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Organizations, members, invitations and the switch (issue 10, spec §6 and §8). */
export const organizations: Catalog = {
  ...ORGANIZATION_MESSAGE_KEYS,
  "organizations.member_added": { th: "เพิ่มสมาชิกเรียบร้อยแล้ว", en: "Member added." },
  "organizations.member_invited": {
    th: "ส่งคำเชิญไปที่ {{email}} แล้ว ผู้รับจะเป็นสมาชิกเมื่อสมัครและยืนยันอีเมลนี้",
    en: "An invitation was sent to {{email}}. They become a member after registering and verifying this e-mail.",
  },
  "organizations.member_deleted": { th: "ลบสมาชิกเรียบร้อยแล้ว", en: "Member deleted." },
  "organizations.invitation_cancelled": { th: "ยกเลิกคำเชิญเรียบร้อยแล้ว", en: "Invitation cancelled." },
  "organizations.already_member": {
    th: "ผู้ใช้นี้เป็นสมาชิกขององค์กรอยู่แล้ว",
    en: "This person is already a member of the organization.",
  },
  "organizations.already_invited": {
    th: "อีเมลนี้ได้รับคำเชิญแล้ว",
    en: "This e-mail has already been invited.",
  },
  "organizations.cannot_remove_self": {
    th: "คุณไม่สามารถลบตัวเองออกจากองค์กรได้",
    en: "You cannot remove yourself from the organization.",
  },
  "organizations.cannot_remove_owner": {
    th: "ไม่สามารถลบเจ้าของบัญชีขององค์กรได้",
    en: "The organization's owner cannot be removed.",
  },
  "organizations.cannot_remove_last_owner": {
    th: "องค์กรต้องมีเจ้าของอย่างน้อยหนึ่งคน",
    en: "The organization needs at least one owner.",
  },
  "organizations.mail.added_subject": {
    th: "คุณได้รับการเพิ่มเป็นสมาชิกขององค์กร {{organization}}",
    en: "You were added to the organization {{organization}}",
  },
  "organizations.mail.added_body": {
    th: "{{inviter}} เพิ่มคุณเป็นสมาชิกขององค์กร {{organization}} ในบทบาท {{role}}\nเข้าสู่ระบบและเลือกองค์กรได้จากเมนูผู้ใช้: {{link}}",
    en: "{{inviter}} added you to the organization {{organization}} as {{role}}.\nSign in and pick the organization in the user menu: {{link}}",
  },
  "organizations.mail.invited_subject": {
    th: "คำเชิญเข้าร่วมองค์กร {{organization}}",
    en: "Invitation to join {{organization}}",
  },
  "organizations.mail.invited_body": {
    th: "{{inviter}} เชิญคุณเข้าร่วมองค์กร {{organization}} ในบทบาท {{role}}\nสมัครสมาชิกด้วยอีเมลนี้และยืนยันอีเมล แล้วคุณจะเข้าสู่องค์กรโดยอัตโนมัติ: {{link}}",
    en: "{{inviter}} invited you to join the organization {{organization}} as {{role}}.\nRegister with this e-mail address and verify it, and you will join the organization: {{link}}",
  },
  "organizations.role.1": { th: "สมาชิก", en: "Member" },
  "organizations.role.2": { th: "Account Service", en: "Account Service" },
  "organizations.role.100": { th: "เจ้าของ", en: "Owner" },
};
