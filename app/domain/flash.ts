type FlashKind = "success" | "error";
/** A message that survives one redirect (Post/Redirect/Get), e.g. a success toast. */
export type Flash = {
  kind: FlashKind;
  message: string;
  /** Set by the server so two identical messages in a row still show twice. */
  id?: string;
  /** Details of a completed enrollment, for its confirmation dialog. */
  enrollment?: { parentName: string; transactionId: string; grade: string };
};
