/** Where the consignment screens live (src/client/routes.tsx). */
export const consignmentPaths = {
  calendar: '/clientes/consignments',
  staffList: '/clientes/consignments-list',
  staffDetails: (id: number) => `/clientes/consignments/details/${id}`,
  memberList: '/consignments-list/index',
  memberDetails: (id: number) => `/consignments-list/details/${id}`,
  staffOrder: (id: number) => `/orders/details/${id}`,
  memberOrder: (id: number) => `/client-orders/details/${id}`,
};
