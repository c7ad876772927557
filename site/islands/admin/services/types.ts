export type SubService = { _id: string; title: string; description: string | null; image: string | null; parentService: string | null };
export type Service = SubService & { subservices: SubService[] };
