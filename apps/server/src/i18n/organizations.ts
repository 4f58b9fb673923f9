import { ORGANIZATION_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Organizations, members, invitations and the switch (issue 10, spec §6 and §8). */
export const organizations = {
  ...ORGANIZATION_MESSAGE_KEYS,
  "organizations.member_invited": {
    th: "ส่งคำเชิญไปที่ {{email}} แล้ว ผู้รับจะเป็นสมาชิกเมื่อเข้าสู่ระบบและตอบรับคำเชิญ",
    en: "An invitation was sent to {{email}}. They become a member once they sign in and accept it.",
  },
  "organizations.member_deleted": { th: "ลบสมาชิกเรียบร้อยแล้ว", en: "Member deleted." },
  "organizations.invitation_cancelled": { th: "ยกเลิกคำเชิญเรียบร้อยแล้ว", en: "Invitation cancelled." },
  "organizations.invite_needs_verified_phone": {
    th: "กรุณายืนยันหมายเลขโทรศัพท์ของคุณก่อนเชิญสมาชิก",
    en: "Please verify your phone number before inviting members.",
  },
  "organizations.invitations_daily_cap": {
    th: "องค์กรนี้ส่งคำเชิญครบ {{limit}} รายการใน 24 ชั่วโมงแล้ว กรุณาลองใหม่ในอีกประมาณ {{hours}} ชั่วโมง",
    en: "This organization has sent {{limit}} invitations in the last 24 hours. Please try again in about {{hours}} hours.",
  },
  "organizations.invitation_accepted": {
    th: "คุณเป็นสมาชิกขององค์กร {{organization}} แล้ว เลือกองค์กรนี้ได้จากเมนูผู้ใช้เมื่อต้องการทำงานในองค์กรนี้",
    en: "You are now a member of {{organization}}. Switch to it from the user menu when you want to work in it.",
  },
  "organizations.invitation_declined": {
    th: "ปฏิเสธคำเชิญขององค์กร {{organization}} แล้ว",
    en: "You declined the invitation of {{organization}}.",
  },
  "organizations.invitation_expired": {
    th: "คำเชิญนี้หมดอายุแล้ว กรุณาขอให้เจ้าขององค์กรเชิญคุณอีกครั้ง",
    en: "This invitation has expired. Please ask the organization's owner to invite you again.",
  },
  "organizations.invitation_was_declined": {
    th: "คุณปฏิเสธคำเชิญนี้ไปแล้ว กรุณาขอให้เจ้าขององค์กรเชิญคุณอีกครั้ง",
    en: "You declined this invitation. Please ask the organization's owner to invite you again.",
  },
  "organizations.invitation_already_accepted": {
    th: "คุณตอบรับคำเชิญนี้แล้ว",
    en: "You have already accepted this invitation.",
  },
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
  "organizations.cannot_change_own_role": {
    th: "คุณไม่สามารถเปลี่ยนบทบาทของตัวเองได้",
    en: "You cannot change your own role.",
  },
  "organizations.cannot_change_owner_role": {
    th: "ไม่สามารถเปลี่ยนบทบาทของเจ้าของบัญชีขององค์กรได้",
    en: "The organization's owner keeps the Owner role.",
  },
  "organizations.cannot_remove_last_owner": {
    th: "องค์กรต้องมีเจ้าของอย่างน้อยหนึ่งคน",
    en: "The organization needs at least one owner.",
  },
  "organizations.mail.invited_subject": {
    th: "คุณได้รับคำเชิญเข้าร่วมองค์กร",
    en: "You have an invitation to join an organization",
  },
  "organizations.mail.invited_body": {
    th: '{{inviter}} เชิญคุณเข้าร่วมองค์กร "{{organization}}" ในบทบาท {{role}}\nไม่มีอะไรเปลี่ยนแปลงจนกว่าคุณจะตอบรับ หากต้องการตอบรับหรือปฏิเสธ กรุณาเข้าสู่ระบบด้วยอีเมลนี้ (หรือสมัครสมาชิกด้วยอีเมลนี้และยืนยันอีเมล) แล้วเปิดหน้าองค์กร: {{link}}\nคำเชิญนี้ตอบรับได้ถึง {{expires}}\nหากคุณไม่รู้จักผู้เชิญหรือองค์กรนี้ กรุณาเพิกเฉยต่ออีเมลฉบับนี้',
    en: '{{inviter}} invited you to join the organization "{{organization}}" as {{role}}.\nNothing changes unless you accept. To accept or decline, sign in with this e-mail address (or register with it and verify it) and open Organizations: {{link}}\nThe invitation can be accepted until {{expires}}.\nIf you do not know this person or organization, please ignore this e-mail.',
  },
  "organizations.mail.unnamed_organization": { th: "(ไม่แสดงชื่อองค์กร)", en: "(name not shown)" },
  "organizations.mail.unnamed_inviter": { th: "ผู้ใช้รายหนึ่ง", en: "Someone" },
  "organizations.role.1": { th: "สมาชิก", en: "Member" },
  "organizations.role.2": { th: "Account Service", en: "Account Service" },
  "organizations.role.100": { th: "เจ้าของ", en: "Owner" },
} satisfies Catalog;
