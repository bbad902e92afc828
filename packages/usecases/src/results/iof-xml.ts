import type { ResultStatus } from "@sports/domain";
export function readIofResultList(
  _xml: string,
): {
  line: number;
  bib: string | null;
  givenName: string;
  familyName: string;
  birthDate: string | null;
  club: string | null;
  status: ResultStatus;
  time: number | null;
  splits: { name: string; time: number }[];
}[] {
  throw new Error("stub");
}
