/**
 * The one route declaration (docs/screens.md): the router, the menu and the breadcrumb are all built from it.
 * A child's path is relative to its parent's; `roles` restrict a route (none: every signed-in user);
 * `hidden` keeps a route out of the menu. A plain resource needs no line here: its schema's `page`
 * (`page: { group: '/configuracion', path: 'taxes', icon: 'Percent' }`) puts its generated list and
 * dialogs last in that group (withResourcePages).
 */
import Inventory from '@mui/icons-material/Inventory';
import SettingsIcon from '@mui/icons-material/Settings';
import { resourceSummaries } from '../../schemas/summaries';
import type { Role } from '../shared/roles';
import { resourceIcon } from './resourceIcons';
import { withResourcePages, type AppRoute, type PublicRoute } from './routing';
import * as announcements from './resources/announcements';
import * as appSettings from './resources/appSettings';
import * as audits from './resources/audits';
import * as budgets from './resources/budgets';
import * as calculators from './features/calculators';
import * as cart from './features/cart';
import * as catalogueLists from './features/catalogueLists';
import * as categories from './resources/categories';
import * as clientFares from './resources/clientFares';
import * as clients from './resources/clients';
import * as consignments from './resources/consignments';
import * as dashboard from './features/dashboard';
import * as documents from './resources/documents';
import * as items from './resources/items';
import * as mailOutbox from './resources/mailOutbox';
import * as mailTemplates from './resources/mailTemplates';
import * as migration from './features/migration';
import * as orders from './resources/orders';
import * as poolCovers from './resources/poolCovers';
import * as productionBoard from './features/productionBoard';
import * as reels from './resources/reels';
import * as tasks from './resources/tasks';
import * as timeRecords from './features/timeRecords';
import * as tracking from './public-pages/tracking';
import * as traceability from './features/traceability';
import * as users from './resources/users';

const admin: Role[] = ['admin'];
const everyone: Role[] = ['admin', 'client'];

const declaredRoutes: AppRoute[] = [
  dashboard.dashboardRoute,
  {
    path: '/orders',
    title: 'Pedidos',
    altTitle: 'Preparación de pedidos',
    icon: orders.icon,
    roles: admin,
    children: [
      {
        path: 'reviewed-orders',
        title: 'Pedidos revisados',
        altTitle: 'Pedidos para preparar',
        name: 'OrdersListRoute',
        component: orders.ReviewedOrdersPage,
      },
      { path: 'without-review', title: 'Pedidos sin revisar', altTitle: 'Pedidos por confirmar', component: orders.OrdersToReviewPage },
      { path: 'drafts', title: 'Borradores', component: orders.DraftOrdersPage },
      { path: 'details/:order_id', title: 'Detalle del pedido', hidden: true, component: orders.OrderDetailsPage },
    ],
  },
  {
    path: '/client-orders',
    title: 'Mis pedidos',
    icon: orders.icon,
    roles: ['client'],
    children: [
      { path: 'index', title: 'Mis pedidos', name: 'OrdersListRoute', component: orders.ClientOrdersPage },
      { path: 'details/:order_id', title: 'Detalle del pedido', hidden: true, component: orders.ClientOrderDetailsPage },
    ],
  },
  traceability.scanRoute,
  // Issue 44 §2: the workshop wall's live production board, for the office and the workshop.
  {
    path: '/taller/tablero',
    title: 'Tablero de producción',
    icon: productionBoard.icon,
    roles: ['admin', 'taller'],
    component: productionBoard.ProductionBoardPage,
  },
  // Issue 17 §2: the bulletin board. Staff with the admin role manage it; members read their clients'
  // announcements and the workshop the staff-only ones (the same path, a page per role).
  {
    path: '/tablon',
    title: 'Tablón de anuncios',
    icon: announcements.icon,
    roles: ['admin', 'client', 'taller'],
    component: announcements.AnnouncementsPage,
  },
  // Staff reach a client's cart from the clients list.
  {
    path: '/order-cart/client/:client_id',
    title: 'Carrito del cliente',
    icon: cart.icon,
    roles: admin,
    hidden: true,
    component: cart.ClientCartPage,
  },
  cart.cartRoute,
  // Product lists, cart variant: a member's own cart; staff name the client (or are asked for it).
  {
    path: '/item-list/:client_id?/index',
    title: 'Lista de artículos',
    icon: catalogueLists.itemListIcon,
    roles: everyone,
    hidden: true,
    component: catalogueLists.ItemListPage,
    menu: { roles: ['client'], to: '/item-list/index', title: 'Artículos' },
  },
  {
    path: '/reel-list/:client_id?/index',
    title: 'Lista de enrolladores',
    icon: catalogueLists.reelListIcon,
    roles: everyone,
    hidden: true,
    component: catalogueLists.ReelListPage,
    menu: { roles: ['client'], to: '/reel-list/index', title: 'Enrolladores' },
  },
  // Product lists, budget variant (docs/screens.md): reached from a budget calculation, never from the menu.
  {
    path: '/item-list/:client_id?/index/:budget_id/:budget_calculus_id?',
    title: 'Lista de artículos',
    icon: catalogueLists.itemListIcon,
    roles: ['admin', 'client'],
    hidden: true,
    component: catalogueLists.ItemListPage,
  },
  {
    path: '/reel-list/:client_id?/index/:budget_id/:budget_calculus_id?',
    title: 'Lista de enrolladores',
    icon: catalogueLists.reelListIcon,
    roles: ['admin', 'client'],
    hidden: true,
    component: catalogueLists.ReelListPage,
  },
  {
    // Spec §2 "Budgets" and §6: members see every budget of their client; the lists by status are the staff's.
    path: '/budget-list',
    title: 'Presupuestos',
    icon: budgets.icon,
    roles: everyone,
    children: [
      { path: 'client-budgets', title: 'Presupuestos', component: budgets.ClientBudgetsPage },
      { path: 'draft-budgets', title: 'Borradores', name: 'DraftBudgetListRoute', roles: admin, component: budgets.DraftBudgetsPage },
      { path: 'accepted-budgets', title: 'Aceptados', roles: admin, component: budgets.AcceptedBudgetsPage },
      { path: 'ordered-budgets', title: 'Convertidos en pedido', roles: admin, component: budgets.OrderedBudgetsPage },
      {
        path: 'budget-calculus-list/:budget_id',
        title: 'Cálculos del presupuesto',
        hidden: true,
        component: budgets.BudgetCalculusListPage,
      },
      { path: 'price-table/:budget_calculus_id', title: 'Tabla de precios', hidden: true, component: budgets.PriceTablePage },
      { path: 'summary/:budget_calculus_id', title: 'Resumen del presupuesto', hidden: true, component: budgets.BudgetSummaryPage },
      { path: 'summary/:budget_calculus_id/:action', title: 'Resumen del presupuesto', hidden: true, component: budgets.BudgetSummaryPage },
    ],
  },
  {
    path: '/budget-calculator/:budget_id/index',
    title: 'Nuevo cálculo',
    hidden: true,
    roles: everyone,
    component: budgets.NewCalculusPage,
  },
  {
    path: '/edit-budget-calculator/index/:budget_id/:budget_calculus_id',
    title: 'Editar cálculo',
    hidden: true,
    roles: everyone,
    component: budgets.EditCalculusPage,
  },
  // The cover calculators (docs/screens.md "Calculators", "Client-member routes"): reached from a cart, a
  // client or a calculation; the internal one is also in the staff's menu.
  {
    path: '/calculator/index/:order_id',
    title: 'Calculadora',
    icon: calculators.icon,
    roles: everyone,
    hidden: true,
    component: calculators.OrderCalculatorPage,
  },
  {
    path: '/client-calculator/:client_id/index',
    title: 'Calculadora del cliente',
    icon: calculators.icon,
    roles: admin,
    hidden: true,
    component: calculators.ClientCalculatorPage,
  },
  {
    path: '/internal-calculator/index',
    title: 'Calculadora interna',
    altTitle: 'Calculadora de la plataforma',
    icon: calculators.icon,
    roles: admin,
    component: calculators.InternalCalculatorPage,
  },
  {
    path: '/edit-calculator/index/:order_calculus_id',
    title: 'Editar cálculo',
    icon: calculators.icon,
    roles: everyone,
    hidden: true,
    component: calculators.EditCalculatorPage,
  },
  {
    path: '/internal-client-calculator/client/internal-cart',
    title: 'Calculadora',
    icon: calculators.icon,
    roles: ['client'],
    component: calculators.MemberCalculatorPage,
  },
  // Public pages with their own html (the server serves them without a session); a link from inside
  // the back office loads that page.
  {
    path: '/track-order/:track_code?',
    title: 'Seguimiento de pedido',
    icon: tracking.icon,
    hidden: true,
    component: tracking.TrackingDocumentPage,
  },
  {
    path: '/woocommerce-calculator/index/:season_id',
    title: 'Calculadora web',
    icon: calculators.icon,
    hidden: true,
    component: tracking.TrackingDocumentPage,
  },
  {
    path: '/stock-and-prices',
    title: 'Stock y precios',
    altTitle: 'Stock de la plataforma',
    icon: Inventory,
    roles: admin,
    children: [
      { path: 'cover-managment', title: 'Cobertores', icon: poolCovers.icon, component: poolCovers.PoolCoverPage },
      { path: 'reel-managment', title: 'Enrolladores', icon: reels.icon, component: reels.ReelPage },
      {
        path: 'reel-diameter-managment/:reel_id',
        title: 'Diámetros de enrollador',
        hidden: true,
        activeMenu: '/stock-and-prices/reel-managment',
        component: reels.ReelDiameterPage,
      },
      {
        path: 'article-categories-management',
        title: 'Categorías de artículos',
        icon: categories.icon,
        component: categories.CategoryPage,
      },
      { path: 'articles-management', title: 'Artículos', icon: items.icon, component: items.ItemPage },
      {
        path: 'articles-management/:id_articulo',
        title: 'Variaciones del artículo',
        name: 'ItemManagementRoute',
        hidden: true,
        component: items.ItemManagementPage,
      },
    ],
  },
  {
    path: '/clientes',
    title: 'Clientes',
    icon: clients.icon,
    roles: admin,
    children: [
      { path: 'client-managment', title: 'Clientes', icon: clients.icon, component: clients.ClientPage },
      { path: 'clients-fares', title: 'Tarifas', icon: clientFares.icon, component: clientFares.ClientFarePage },
      { path: 'clients-fares/:id', title: 'Precios de la tarifa', hidden: true, component: clientFares.FarePricesPage },
      // Spec §2 "Clients and consignments (admin)": the order calendar, a consignment's details and the list.
      {
        path: 'consignments',
        title: 'Calendario de envíos',
        altTitle: 'Calendario de expediciones',
        icon: consignments.calendarIcon,
        component: consignments.OrderCalendarPage,
      },
      {
        path: 'consignments/details/:consignment_id',
        title: 'Detalle del envío',
        hidden: true,
        component: consignments.StaffConsignmentDetailsPage,
      },
      {
        path: 'consignments-list',
        title: 'Envíos',
        altTitle: 'Expediciones',
        icon: consignments.icon,
        component: consignments.StaffConsignmentListPage,
      },
    ],
  },
  // Spec §2 "Client-member routes": the consignments carrying the member's orders, read-only.
  {
    path: '/consignments-list',
    title: 'Mis envíos',
    icon: consignments.icon,
    roles: ['client'],
    children: [
      { path: 'index', title: 'Mis envíos', component: consignments.MemberConsignmentListPage },
      { path: 'details/:consignment_id', title: 'Detalle del envío', hidden: true, component: consignments.MemberConsignmentDetailsPage },
    ],
  },
  // Issue 17 §4: the document library. Staff manage documents and categories; members read and download
  // the documents meant for them (the same path, a page per role).
  { path: '/documentos', title: 'Documentos', icon: documents.icon, roles: everyone, component: documents.DocumentsPage },
  // Spec §2 "Task calendar" (the spec names no route).
  // Check-in (registro de jornada, issue 17 §3): every staff user's own record; the office's view of everyone's.
  {
    path: '/fichaje',
    title: 'Fichaje',
    icon: timeRecords.icon,
    roles: ['admin', 'taller'],
    children: [
      { path: '', title: 'Mi registro', component: timeRecords.MyRecordPage },
      { path: 'registros', title: 'Registros de jornada', roles: admin, component: timeRecords.RecordsPage },
    ],
  },
  // The workshop reads the calendar; only the office plans it (the page offers taller no changes).
  { path: '/calendario', title: 'Calendario de tareas', icon: tasks.icon, roles: ['admin', 'taller'], component: tasks.TaskCalendarPage },
  {
    path: '/usuarios',
    title: 'Usuarios',
    icon: users.icon,
    roles: admin,
    children: [
      { path: '', title: 'Usuarios', component: users.UserPage },
      { path: 'cliente/:id_cliente', title: 'Usuarios del cliente', hidden: true, component: users.ClientUsersPage },
      // Every user reaches its own profile; the page refuses other ids to non-admins.
      { path: 'perfil/:id_usuario', title: 'Perfil', hidden: true, roles: ['admin', 'client', 'taller'], component: users.ProfilePage },
    ],
  },
  {
    path: '/configuracion',
    title: 'Configuración',
    altTitle: 'Ajustes de la plataforma',
    icon: SettingsIcon,
    roles: admin,
    children: [
      { path: 'audits', title: 'Auditorías', icon: audits.icon, component: audits.AuditPage },
      {
        path: 'traceability-configuration',
        title: 'Trazabilidad',
        icon: traceability.icon,
        component: traceability.TraceabilityConfigPage,
      },
      { path: 'migracion-pedidos', title: 'Migración de pedidos', icon: migration.icon, component: migration.OrderMigrationPage },
      { path: 'app-settings', title: 'Ajustes de la aplicación', icon: appSettings.icon, component: appSettings.AppSettingsPage },
      { path: 'plantillas', title: 'Plantillas', icon: mailTemplates.icon, component: mailTemplates.MailTemplatePage },
      { path: 'correos', title: 'Correos', icon: mailOutbox.icon, component: mailOutbox.MailOutboxPage },
    ],
  },
];

export const appRoutes: AppRoute[] = withResourcePages(declaredRoutes, Object.values(resourceSummaries), resourceIcon);

/** Pages open without a session, without the layout (docs/screens.md "Public routes"): see `PublicRoute`. */
export const publicRoutes: PublicRoute[] = [
  { path: '/bar-code/:code', title: 'Trazabilidad del artículo', component: traceability.BarCodePage },
  { path: '/tablero/:key', title: 'Tablero de producción', component: productionBoard.KioskBoardPage },
];
