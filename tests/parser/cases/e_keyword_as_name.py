def class(): pass
