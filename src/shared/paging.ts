/** The reply of every server-paged list (the admin's tabs, the agent's assessments): one page of rows and the count of all rows matching. */
export interface PagedReply<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
