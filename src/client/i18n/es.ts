/**
 * Catálogo de mensajes de react-admin 5.15.4 en español de España.
 *
 * Contiene todas las claves del catálogo inglés de `ra-language-english@5.15.4`.
 * Las interpolaciones de polyglot (%{nombre}) y los plurales con `smart_count`
 * (formas separadas por ` |||| `) se mantienen tal cual.
 */
import { COUNT_LIMIT } from '../../shared/lists';
import { formatInteger } from '../../shared/format';

export const raSpanish = {
  ra: {
    action: {
      add_filter: 'Añadir filtro',
      add: 'Añadir',
      back: 'Volver',
      bulk_actions:
        '1 elemento seleccionado |||| %{smart_count} elementos seleccionados',
      cancel: 'Cancelar',
      clear_array_input: 'Vaciar la lista',
      clear_input_value: 'Borrar valor',
      clone: 'Duplicar',
      confirm: 'Confirmar',
      create: 'Crear',
      create_item: 'Crear %{item}',
      delete: 'Borrar',
      edit: 'Editar',
      export: 'Exportar',
      list: 'Listado',
      refresh: 'Actualizar',
      remove_filter: 'Quitar este filtro',
      remove_all_filters: 'Quitar todos los filtros',
      remove: 'Quitar',
      reset: 'Restablecer',
      save: 'Guardar',
      search: 'Buscar',
      search_columns: 'Buscar columnas',
      select_all: 'Seleccionar todo',
      select_all_button: 'Seleccionar todo',
      select_row: 'Seleccionar esta fila',
      show: 'Ver',
      sort: 'Ordenar',
      undo: 'Deshacer',
      unselect: 'Deseleccionar',
      expand: 'Desplegar',
      close: 'Cerrar',
      open_menu: 'Abrir menú',
      close_menu: 'Cerrar menú',
      update: 'Actualizar',
      move_up: 'Subir',
      move_down: 'Bajar',
      open: 'Abrir',
      toggle_theme: 'Cambiar entre modo claro y oscuro',
      select_columns: 'Columnas',
      update_application: 'Recargar la aplicación',
    },
    boolean: {
      true: 'Sí',
      false: 'No',
      null: ' ',
    },
    page: {
      create: 'Crear %{name}',
      dashboard: 'Panel de control',
      edit: '%{name} %{recordRepresentation}',
      error: 'Se ha producido un error',
      list: '%{name}',
      loading: 'Cargando',
      not_found: 'No encontrado',
      show: '%{name} %{recordRepresentation}',
      empty: 'Todavía no hay %{name}.',
      invite: '¿Desea añadir uno?',
      access_denied: 'Acceso denegado',
      authentication_error: 'Error de autenticación',
    },
    input: {
      file: {
        upload_several:
          'Arrastre aquí los archivos que desee subir o haga clic para seleccionar uno.',
        upload_single:
          'Arrastre aquí el archivo que desee subir o haga clic para seleccionarlo.',
      },
      image: {
        upload_several:
          'Arrastre aquí las imágenes que desee subir o haga clic para seleccionar una.',
        upload_single:
          'Arrastre aquí la imagen que desee subir o haga clic para seleccionarla.',
      },
      references: {
        all_missing: 'No se han encontrado los datos de las referencias.',
        many_missing:
          'Al menos una de las referencias asociadas ya no parece estar disponible.',
        single_missing:
          'La referencia asociada ya no parece estar disponible.',
      },
      password: {
        toggle_visible: 'Ocultar contraseña',
        toggle_hidden: 'Mostrar contraseña',
      },
    },
    message: {
      about: 'Acerca de',
      access_denied: 'No tiene permisos para acceder a esta página',
      are_you_sure: '¿Está seguro?',
      authentication_error:
        'El servidor de autenticación ha devuelto un error y no se han podido comprobar sus credenciales.',
      auth_error:
        'Se ha producido un error al validar el token de autenticación.',
      bulk_delete_content:
        '¿Está seguro de que desea borrar este %{name}? |||| ¿Está seguro de que desea borrar estos %{smart_count} elementos?',
      bulk_delete_title:
        'Borrar %{name} |||| Borrar %{smart_count} %{name}',
      bulk_update_content:
        '¿Está seguro de que desea actualizar %{name} %{recordRepresentation}? |||| ¿Está seguro de que desea actualizar estos %{smart_count} elementos?',
      bulk_update_title:
        'Actualizar %{name} %{recordRepresentation} |||| Actualizar %{smart_count} %{name}',
      clear_array_input: '¿Está seguro de que desea vaciar toda la lista?',
      delete_content: '¿Está seguro de que desea borrar este %{name}?',
      delete_title: 'Borrar %{name} %{recordRepresentation}',
      details: 'Detalles',
      error: 'Se ha producido un error en el cliente y no se ha podido completar su solicitud.',
      invalid_form:
        'El formulario no es válido. Por favor, revise los errores',
      loading: 'Espere, por favor',
      no: 'No',
      not_found:
        'La URL que ha escrito es incorrecta o el enlace que ha seguido no es válido.',
      select_all_limit_reached:
        'Hay demasiados elementos para seleccionarlos todos. Solo se han seleccionado los primeros %{max} elementos.',
      unsaved_changes:
        'Algunos de sus cambios no se han guardado. ¿Está seguro de que desea descartarlos?',
      yes: 'Sí',
      placeholder_data_warning:
        'Problema de red: no se han podido actualizar los datos.',
    },
    navigation: {
      clear_filters: 'Borrar filtros',
      no_filtered_results:
        'No se han encontrado %{name} con los filtros actuales.',
      no_results: 'No hay resultados de %{name}',
      no_more_results:
        'La página número %{page} está fuera de rango. Pruebe con la página anterior.',
      page_out_of_boundaries: 'La página número %{page} está fuera de rango',
      page_out_from_end: 'No se puede avanzar más allá de la última página',
      page_out_from_begin: 'No se puede retroceder antes de la página 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
      // Only lists past COUNT_LIMIT page without a total (src/shared/lists.ts).
      partial_page_range_info: `%{offsetBegin}-%{offsetEnd} de más de ${formatInteger(COUNT_LIMIT)}`,
      current_page: 'Página %{page}',
      page: 'Ir a la página %{page}',
      first: 'Ir a la primera página',
      last: 'Ir a la última página',
      next: 'Ir a la página siguiente',
      previous: 'Ir a la página anterior',
      page_rows_per_page: 'Filas por página:',
      skip_nav: 'Saltar al contenido',
    },
    sort: {
      sort_by: 'Ordenar por %{field_lower_first} %{order}',
      ASC: 'ascendente',
      DESC: 'descendente',
    },
    auth: {
      auth_check_error: 'Inicie sesión para continuar',
      user_menu: 'Perfil',
      username: 'Usuario',
      password: 'Contraseña',
      email: 'Correo electrónico',
      sign_in: 'Iniciar sesión',
      sign_in_error: 'Error de autenticación, inténtelo de nuevo',
      logout: 'Cerrar sesión',
    },
    notification: {
      updated:
        'Elemento actualizado |||| %{smart_count} elementos actualizados',
      created: 'Elemento creado',
      deleted: 'Elemento borrado |||| %{smart_count} elementos borrados',
      bad_item: 'Elemento incorrecto',
      item_doesnt_exist: 'El elemento no existe',
      http_error: 'Error de comunicación con el servidor',
      data_provider_error:
        'Error del dataProvider. Consulte la consola para ver los detalles.',
      i18n_error:
        'No se han podido cargar las traducciones del idioma indicado',
      canceled: 'Acción cancelada',
      logged_out: 'Su sesión ha finalizado, vuelva a conectarse.',
      not_authorized: 'No está autorizado para acceder a este recurso.',
      application_update_available: 'Hay una nueva versión disponible.',
      offline: 'Sin conexión. No se han podido obtener los datos.',
    },
    validation: {
      required: 'Obligatorio',
      minLength: 'Debe tener al menos %{min} caracteres',
      maxLength: 'Debe tener %{max} caracteres como máximo',
      minValue: 'Debe ser como mínimo %{min}',
      maxValue: 'Debe ser %{max} como máximo',
      number: 'Debe ser un número',
      email: 'Debe ser un correo electrónico válido',
      oneOf: 'Debe ser uno de los siguientes: %{options}',
      regex: 'Debe tener un formato concreto (regexp): %{pattern}',
      unique: 'Debe ser único',
    },
    saved_queries: {
      label: 'Consultas guardadas',
      query_name: 'Nombre de la consulta',
      new_label: 'Guardar la consulta actual...',
      new_dialog_title: 'Guardar la consulta actual como',
      remove_label: 'Borrar consulta guardada',
      remove_label_with_name: 'Borrar la consulta "%{name}"',
      remove_dialog_title: '¿Borrar la consulta guardada?',
      remove_message:
        '¿Está seguro de que desea quitar este elemento de su lista de consultas guardadas?',
      help: 'Filtre el listado y guarde esta consulta para más adelante',
    },
    guesser: {
      empty: {
        title: 'No hay datos que mostrar',
        message: 'Compruebe su proveedor de datos',
      },
    },
    configurable: {
      customize: 'Personalizar',
      configureMode: 'Configurar esta página',
      inspector: {
        title: 'Inspector',
        content:
          'Pase el ratón por encima de los elementos de la interfaz para configurarlos',
        reset: 'Restablecer la configuración',
        hideAll: 'Ocultar todo',
        showAll: 'Mostrar todo',
      },
      Datagrid: {
        title: 'Tabla de datos',
        unlabeled: 'Columna sin etiqueta n.º %{column}',
      },
      SimpleForm: {
        title: 'Formulario',
        unlabeled: 'Campo sin etiqueta n.º %{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Texto principal',
        secondaryText: 'Texto secundario',
        tertiaryText: 'Texto terciario',
      },
    },
  },
};
