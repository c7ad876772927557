export type ChatUserQuery = { _id: string; subject: string | null; message: string; status: string; createdAt: string };
export type ChatUser = { _id: string; fullName: string; email: string; profileImage: string | null; online: boolean; queries: ChatUserQuery[] };
